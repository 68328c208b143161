import { Redirect } from 'wouter';
import { FormField } from '../ui/form-field';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { AccountPage } from './account-page';
import { postCommand } from '../ui/command';
import { accountEndpoints } from './api';
import { accountMessages, accountTexts } from './messages';
import { useMe } from '../ui/session';
import { accountPaths, loginHref } from '../ui/account-urls';
import { changePasswordFields, validateChangePassword } from './validate';

const empty = { oldPassword: '', newPassword: '', repeatPassword: '' };

/** /password: change the password of the logged-in user; others are sent to log in first. */
export function PasswordPage() {
  const me = useMe();
  const toast = useToast();
  const form = useForm({
    id: 'password',
    fields: changePasswordFields,
    initial: empty,
    validate: validateChangePassword,
    send: async (v) => {
      const result = await postCommand(accountEndpoints.changePassword, { OldPassword: v.oldPassword, NewPassword: v.newPassword });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      toast(result.data.message ?? accountMessages.passwordChanged, 'success');
      form.reset();
    },
  });

  if (me !== null && !me.loggedIn) return <Redirect to={loginHref(accountPaths.password)} replace />;

  return (
    <AccountPage title="Change password">
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <FormIssues issues={form.issues} issueId={form.issueId} />
        {/* Lets password managers know whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={me?.userName ?? ''} readOnly hidden />
        <FormField {...form.field('oldPassword')} label="Current password" name="current-password" type="password" required autoComplete="current-password" />
        <FormField
          {...form.field('newPassword')}
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
            Change password
          </SpinnerButton>
        </div>
      </form>
    </AccountPage>
  );
}
