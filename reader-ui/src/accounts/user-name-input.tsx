import { FormField, type FormFieldProps } from '../ui/form-field';

/** The user name input every account form shares. */
export function UserNameInput(props: Omit<FormFieldProps, 'label' | 'name'>) {
  return <FormField label="User name" name="username" required autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
