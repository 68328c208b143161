import { useId } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { FormField, RequiredMark } from '../ui/form-field';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { AccountPage } from './account-page';
import { postCommand } from '../ui/command';
import { accountEndpoints, MY_DATA_URL } from './api';
import { deleteAccountTexts } from './messages';
import { useMe, useSessionChanged } from '../ui/session';
import { SubscriptionsSection } from './subscriptions-section';
import { accountPaths, loginHref } from '../ui/account-urls';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { CONFIRMED, deleteAccountFields, validateDeleteAccount } from './validate';

/** /account: download my data, change password, delete the account. Logged-out visitors are sent to log in first. */
export function MyAccountPage() {
  const me = useMe();
  const toast = useToast();
  const [, navigate] = useLocation();
  const sessionChanged = useSessionChanged();
  const deleteWarning = useId();

  const form = useForm({
    id: 'delete-account',
    fields: deleteAccountFields,
    initial: { password: '', confirmed: '' },
    validate: validateDeleteAccount,
    send: async (v) => {
      const result = await postCommand(accountEndpoints.deleteAccount, { Password: v.password });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      // Leave first: logged out, this page would send the visitor to log in.
      navigate('/', { replace: true });
      await sessionChanged();
      toast(result.data.message ?? deleteAccountTexts.deleted, 'success');
    },
  });
  const confirmed = form.field('confirmed');

  if (me !== null && !me.loggedIn) return <Redirect to={loginHref(accountPaths.account)} replace />;

  return (
    <AccountPage title="My account">
      {me?.userName !== undefined && (
        <p>
          Logged in as <strong>{me.userName}</strong>.
        </p>
      )}

      <section className="account-section">
        <h2>Your data</h2>
        <p>Everything the site keeps about you (account details, notes, subscriptions and logins) as one JSON file.</p>
        {/* A plain link: the server sends the file as an attachment, so the page stays. */}
        <a className="button" href={MY_DATA_URL} download>
          Download my data
        </a>
      </section>

      <section className="account-section">
        <h2>Your notes</h2>
        <p>
          <Link href={readerRoutes.myNotes.path}>My notes</Link>: every note you keep on the poem, to search or download.
        </p>
      </section>

      <SubscriptionsSection />

      <section className="account-section">
        <h2>Password</h2>
        <p>
          <Link href={accountPaths.password}>Change password</Link>
        </p>
      </section>

      <section className="account-section">
        <h2>Delete my account</h2>
        <p id={deleteWarning}>
          Your account is closed and your personal data (name, email, notes) can no longer be read by anyone. You are logged out.{' '}
          <strong>This cannot be undone.</strong>
        </p>
        <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
          <FormIssues issues={form.issues} issueId={form.issueId} />
          {/* Lets password managers know whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={me?.userName ?? ''} readOnly hidden />
          <FormField {...form.field('password')} label="Your password" name="current-password" type="password" required autoComplete="current-password" />
          <label className="checkbox-field" htmlFor={confirmed.id}>
            <input
              type="checkbox"
              id={confirmed.id}
              name="confirm-delete"
              checked={confirmed.value === CONFIRMED}
              onChange={(e) => confirmed.onValueChange(e.currentTarget.checked ? CONFIRMED : '')}
              required
              aria-invalid={confirmed.invalid || undefined}
              aria-describedby={confirmed.describedBy}
            />
            <span>
              I understand this cannot be undone
              <RequiredMark />
            </span>
          </label>
          <div className="form-actions">
            <SpinnerButton busy={form.busy} className="button-danger" aria-describedby={deleteWarning}>
              Delete my account
            </SpinnerButton>
          </div>
        </form>
      </section>
    </AccountPage>
  );
}
