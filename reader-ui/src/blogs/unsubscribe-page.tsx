import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { prefetchCsrfToken } from '../ui/http';
import { queryParam } from '../ui/account-urls';
import { usePageTitle } from '../ui/use-page-title';
import { SpinnerButton } from '../ui/spinner-button';
import { unsubscribe } from './api';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { blogTexts } from './messages';

type Outcome = { readonly ok: boolean; readonly text: string };

/** What the unsubscribe answer means for the reader. */
export function unsubscribeOutcome(result: Awaited<ReturnType<typeof unsubscribe>>): Outcome {
  if (result.ok) return { ok: true, text: result.data.message ?? blogTexts.unsubscribed };
  if (result.status === 400 || result.status === 404) return { ok: false, text: blogTexts.unsubscribeLinkInvalid };
  return { ok: false, text: blogMessages.failed };
}

/** `/unsubscribe?token=…` (the link in each new-post mail): one button, no login needed. */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const token = queryParam(useSearch(), 'token')?.trim() ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => prefetchCsrfToken(), []);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(unsubscribeOutcome(await unsubscribe(token)));
    setBusy(false);
  };

  return (
    <section className="unsubscribe-page" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">Unsubscribe</h1>
      {token === '' ? (
        <p className="blog-result is-error">{blogTexts.unsubscribeLinkInvalid}</p>
      ) : (
        <>
          {outcome?.ok !== true && (
            <>
              <p>Stop the mails about new posts that brought you here?</p>
              <SpinnerButton type="button" busy={busy} className="button-primary" onClick={() => void onClick()} data-testid="unsubscribe">
                Unsubscribe
              </SpinnerButton>
            </>
          )}
          <div role="status" className="unsubscribe-status">
            {outcome !== null && <p className={`blog-result${outcome.ok ? '' : ' is-error'}`}>{outcome.text}</p>}
          </div>
        </>
      )}
    </section>
  );
}
