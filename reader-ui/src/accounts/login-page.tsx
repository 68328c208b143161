import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '../ui/form-field';
import { UserNameInput } from './user-name-input';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { AccountLinks, AccountPage } from './account-page';
import { postCommand } from '../ui/command';
import { accountEndpoints } from './api';
import { useSessionChanged } from '../ui/session';
import { accountPaths, isOutsideReader, queryParam, safeReturnUrl } from '../ui/account-urls';
import { loginFields, validateLogin } from './validate';

/** /login?ReturnUrl=…: success goes to the ReturnUrl (a path on this site) or home. */
export function LoginPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const sessionChanged = useSessionChanged();
  const [remember, setRemember] = useState(false);

  const form = useForm({
    id: 'login',
    fields: loginFields,
    initial: { userName: '', password: '' },
    validate: validateLogin,
    send: async (v) => {
      const result = await postCommand(accountEndpoints.login, {
        UserName: v.userName.trim(),
        Password: v.password,
        RememberMe: remember,
      });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      await sessionChanged();
      if (result.data.message) toast(result.data.message, 'success');
      const target = safeReturnUrl(queryParam(search, 'ReturnUrl'));
      if (isOutsideReader(target)) window.location.assign(target);
      else navigate(target, { replace: true });
    },
  });

  return (
    <AccountPage title="Log in">
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <FormIssues issues={form.issues} issueId={form.issueId} />
        <UserNameInput {...form.field('userName')} />
        <FormField {...form.field('password')} label="Password" name="password" type="password" required autoComplete="current-password" />
        <label className="checkbox-field">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          Remember me
        </label>
        <div className="form-actions">
          <SpinnerButton busy={form.busy} className="button-primary">
            Log in
          </SpinnerButton>
        </div>
      </form>
      <AccountLinks>
        <li>
          <Link href={accountPaths.register}>Register</Link>
        </li>
        <li>
          <Link href={accountPaths.forgotPassword}>Forgot your password?</Link>
        </li>
        <li>
          <Link href={accountPaths.resendActivation}>Resend the activation email</Link>
        </li>
      </AccountLinks>
    </AccountPage>
  );
}
