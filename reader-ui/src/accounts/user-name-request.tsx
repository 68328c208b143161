import { UserNameInput } from './user-name-input';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import type { Issue } from '../ui/form-issues';
import { postCommand } from '../ui/command';
import { accountTexts } from './messages';
import { userNameFields, type UserNameField, type UserNameValues } from './validate';

/** A one-field form that asks the server to email a link for a user name (reset password, resend activation). */
export function UserNameRequestForm(props: {
  readonly id: string;
  readonly endpoint: string;
  readonly validate: (values: UserNameValues) => Issue<UserNameField>[];
  readonly submitLabel: string;
}) {
  const toast = useToast();
  const form = useForm({
    id: props.id,
    fields: userNameFields,
    initial: { userName: '' },
    validate: props.validate,
    send: async (v) => {
      const result = await postCommand(props.endpoint, { UserName: v.userName.trim() });
      if (!result.ok) {
        toast(result.message, 'error');
        return;
      }
      toast(result.data.message ?? accountTexts.checkEmail, 'success');
      form.reset();
    },
  });

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <FormIssues issues={form.issues} issueId={form.issueId} />
      <UserNameInput {...form.field('userName')} />
      <div className="form-actions">
        <SpinnerButton busy={form.busy} className="button-primary">
          {props.submitLabel}
        </SpinnerButton>
      </div>
    </form>
  );
}
