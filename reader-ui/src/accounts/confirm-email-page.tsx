import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AccountPage } from './account-page';
import { postCommand, type Done } from '../ui/command';
import type { Result } from '../ui/http';
import { accountEndpoints } from './api';
import { accountTexts } from './messages';
import { accountPaths, queryParam } from '../ui/account-urls';

/**
 * One confirmation per link and page load: the effect may run twice (StrictMode,
 * remounts) but the token is spent by the first call, so later ones share its answer.
 */
const confirmations = new Map<string, Promise<Result<Done>>>();

function confirmEmail(userId: string, code: string): Promise<Result<Done>> {
  const key = `${userId}\n${code}`;
  let pending = confirmations.get(key);
  if (pending === undefined) {
    pending = postCommand(accountEndpoints.confirmEmail, { userId, Code: code });
    confirmations.set(key, pending);
  }
  return pending;
}

/** /confirm-email?userId=…&code=…: confirms the address on load. */
export function ConfirmEmailPage() {
  const search = useSearch();
  const userId = queryParam(search, 'userId') ?? '';
  const code = queryParam(search, 'code') ?? '';
  const valid = userId !== '' && code !== '';
  const [result, setResult] = useState<Result<Done> | null>(null);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void confirmEmail(userId, code).then((answer) => {
      if (live) setResult(answer);
    });
    return () => {
      live = false;
    };
  }, [valid, userId, code]);

  let body;
  if (!valid) {
    body = (
      <div className="account-result is-error">
        <p>{accountTexts.confirmLinkInvalid}</p>
        <p>
          <Link href={accountPaths.resendActivation}>Send a new activation link</Link>
        </p>
      </div>
    );
  } else if (result === null) {
    body = <p className="muted">{accountTexts.confirming}</p>;
  } else if (result.ok) {
    body = (
      <div className="account-result">
        <p>{accountTexts.emailConfirmed}</p>
        <p>
          <Link href={accountPaths.login}>Log in</Link>
        </p>
      </div>
    );
  } else {
    body = (
      <div className="account-result is-error">
        <p>{result.message}</p>
        <p>
          <Link href={accountPaths.resendActivation}>Send a new activation link</Link>
        </p>
      </div>
    );
  }

  return (
    <AccountPage title="Confirm email">
      <div role="status" aria-live="polite">
        {body}
      </div>
    </AccountPage>
  );
}
