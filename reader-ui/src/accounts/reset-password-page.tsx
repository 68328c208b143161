import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { FormField } from '../ui/form-field';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { AccountLinks, AccountPage } from './account-page';
import { postCommand } from '../ui/command';
import { accountEndpoints } from './api';
import { accountTexts } from './messages';
import { accountPaths, queryParam } from '../ui/account-urls';
import { resetPasswordFields, validateResetPassword } from './validate';

/** /reset-password?userId=…&code=…: the emailed link's page, choosing a new password. */
export function ResetPasswordPage() {
  const search = useSearch();
  const userId = queryParam(search, 'userId') ?? '';
  const code = queryParam(search, 'code') ?? '';
  const toast = useToast();
  const [done, setDone] = useState<string | null>(null);

  const form = useForm({
    id: 'reset-password',
    fields: resetPasswordFields,
    initial: { password: '', repeatPassword: '' },
    validate: validateResetPassword,
    send: async (v) => {
      const result = await postCommand(accountEndpoints.resetPassword, { userId, Code: code, Password: v.password });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      const message = result.data.message ?? accountTexts.passwordReset;
      toast(message, 'success');
      setDone(message);
    },
  });

  let body;
  if (userId === '' || code === '') {
    body = (
      <div className="account-result is-error">
        <p>{accountTexts.resetLinkInvalid}</p>
        <p>
          <Link href={accountPaths.forgotPassword}>Ask for a new link</Link>
        </p>
      </div>
    );
  } else if (done !== null) {
    body = (
      <div className="account-result">
        <p>{done}</p>
        <p>
          <Link href={accountPaths.login}>Log in</Link>
        </p>
      </div>
    );
  } else {
    body = (
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <FormIssues issues={form.issues} issueId={form.issueId} />
        <FormField
          {...form.field('password')}
          label="New password"
          name="new-password"
          hint={accountTexts.newPasswordHint}
          type="password"
          required
          autoComplete="new-password"
        />
        <FormField {...form.field('repeatPassword')} label="Repeat new password" name="repeat-password" type="password" required autoComplete="new-password" />
        <div className="form-actions">
          <SpinnerButton busy={form.busy} className="button-primary">
            Set new password
          </SpinnerButton>
        </div>
      </form>
    );
  }

  return (
    <AccountPage title="Reset password">
      {body}
      {done === null && (
        <AccountLinks>
          <li>
            <Link href={accountPaths.login}>Back to log in</Link>
          </li>
        </AccountLinks>
      )}
    </AccountPage>
  );
}
