import { Link } from 'wouter';
import { FormField } from '../ui/form-field';
import { UserNameInput } from './user-name-input';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { AccountLinks, AccountPage } from './account-page';
import { postCommand } from '../ui/command';
import { accountEndpoints } from './api';
import { accountTexts } from './messages';
import { accountPaths } from '../ui/account-urls';
import { registerFields, validateRegister } from './validate';

const empty = { userName: '', email: '', password: '', repeatPassword: '', name: '' };

/** /register: on success the server's message is shown and the form is cleared. */
export function RegisterPage() {
  const toast = useToast();
  const form = useForm({
    id: 'register',
    fields: registerFields,
    initial: empty,
    validate: validateRegister,
    send: async (v) => {
      const result = await postCommand(accountEndpoints.register, {
        Email: v.email.trim(),
        Password: v.password,
        UserName: v.userName.trim(),
        Name: v.name.trim(),
      });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      toast(result.data.message ?? accountTexts.registered, 'success');
      form.reset();
    },
  });

  return (
    <AccountPage title="Register">
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <FormIssues issues={form.issues} issueId={form.issueId} />
        <UserNameInput {...form.field('userName')} maxLength={50} />
        <FormField
          {...form.field('email')}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          required
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
        />
        <FormField
          {...form.field('password')}
          label="Password"
          name="new-password"
          hint={accountTexts.newPasswordHint}
          type="password"
          required
          autoComplete="new-password"
        />
        <FormField {...form.field('repeatPassword')} label="Repeat password" name="repeat-password" type="password" required autoComplete="new-password" />
        <FormField {...form.field('name')} label="Name" name="name" required autoComplete="name" maxLength={100} />
        <div className="form-actions">
          <SpinnerButton busy={form.busy} className="button-primary">
            Register
          </SpinnerButton>
        </div>
      </form>
      <AccountLinks>
        <li>
          Already registered? <Link href={accountPaths.login}>Log in</Link>
        </li>
        <li>
          No activation email? <Link href={accountPaths.resendActivation}>Send it again</Link>
        </li>
      </AccountLinks>
    </AccountPage>
  );
}
