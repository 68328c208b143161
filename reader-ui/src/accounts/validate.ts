import { issue, type Issue } from '../ui/form-issues';
import { deleteAccountTexts, accountMessages as m, longEnoughPassword } from './messages';

/**
 * Client-side checks of the account forms (spec section 5), as pure functions:
 * each returns the problems found, in the order the form shows them, or [] when
 * the values may be sent. Names, user names and emails are trimmed (the server
 * trims them too); passwords are taken exactly as typed.
 */

const blank = (value: string) => value.trim() === '';
const empty = (value: string) => value === '';
const hasSpace = (value: string) => /\s/.test(value.trim());
/** A new password typed but too short, as the server counts. */
const tooShort = (value: string) => !empty(value) && !longEnoughPassword(value);

function missing<F extends string>(values: Record<F, string>, rules: Partial<Record<F, (v: string) => boolean>>): F[] {
  return (Object.keys(rules) as F[]).filter((f) => rules[f]?.(values[f]) === true);
}

export type RegisterField = 'userName' | 'email' | 'password' | 'repeatPassword' | 'name';
export type RegisterValues = Record<RegisterField, string>;
export const registerFields: readonly RegisterField[] = ['userName', 'email', 'password', 'repeatPassword', 'name'];

export function validateRegister(v: RegisterValues): Issue<RegisterField>[] {
  return [
    ...issue(m.registerRequired, missing(v, { userName: blank, email: blank, password: empty, repeatPassword: empty, name: blank })),
    ...issue<RegisterField>(m.userNameSpaces, hasSpace(v.userName) ? ['userName'] : []),
    ...issue<RegisterField>(m.passwordTooShort, tooShort(v.password) ? ['password'] : []),
    ...issue<RegisterField>(m.passwordMismatch, !empty(v.password) && !empty(v.repeatPassword) && v.password !== v.repeatPassword ? ['repeatPassword'] : []),
  ];
}

export type LoginField = 'userName' | 'password';
export type LoginValues = Record<LoginField, string>;
export const loginFields: readonly LoginField[] = ['userName', 'password'];

export function validateLogin(v: LoginValues): Issue<LoginField>[] {
  return issue(m.loginRequired, missing(v, { userName: blank, password: empty }));
}

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'repeatPassword';
export type ChangePasswordValues = Record<ChangePasswordField, string>;
export const changePasswordFields: readonly ChangePasswordField[] = ['oldPassword', 'newPassword', 'repeatPassword'];

export function validateChangePassword(v: ChangePasswordValues): Issue<ChangePasswordField>[] {
  return [
    ...issue(m.passwordFieldsEmpty, missing(v, { oldPassword: empty, newPassword: empty, repeatPassword: empty })),
    ...issue<ChangePasswordField>(m.passwordTooShort, tooShort(v.newPassword) ? ['newPassword'] : []),
    ...issue<ChangePasswordField>(
      m.passwordsMustMatch,
      !empty(v.newPassword) && !empty(v.repeatPassword) && v.newPassword !== v.repeatPassword ? ['repeatPassword'] : [],
    ),
  ];
}

export type UserNameField = 'userName';
export type UserNameValues = Record<UserNameField, string>;
export const userNameFields: readonly UserNameField[] = ['userName'];

/** Forgot password: the user name the reset link is sent for. */
export function validateResetRequest(v: UserNameValues): Issue<UserNameField>[] {
  return issue(m.resetUserName, missing(v, { userName: blank }));
}

/** Resend activation: the user name the activation link is sent for. */
export function validateActivationRequest(v: UserNameValues): Issue<UserNameField>[] {
  return issue(m.activationUserName, missing(v, { userName: blank }));
}

export type ResetPasswordField = 'password' | 'repeatPassword';
export type ResetPasswordValues = Record<ResetPasswordField, string>;
export const resetPasswordFields: readonly ResetPasswordField[] = ['password', 'repeatPassword'];

/** Reset password (from the emailed link): the new password, typed twice. */
export function validateResetPassword(v: ResetPasswordValues): Issue<ResetPasswordField>[] {
  if (empty(v.password)) return issue<ResetPasswordField>(m.passwordFieldsEmpty, ['password']);
  return [
    ...issue<ResetPasswordField>(m.passwordTooShort, tooShort(v.password) ? ['password'] : []),
    ...issue<ResetPasswordField>(m.passwordMismatch, v.password !== v.repeatPassword ? ['repeatPassword'] : []),
  ];
}

export type DeleteAccountField = 'password' | 'confirmed';
export type DeleteAccountValues = Record<DeleteAccountField, string>;
export const deleteAccountFields: readonly DeleteAccountField[] = ['password', 'confirmed'];
/** The value of the ticked "I understand this cannot be undone" box (form values are strings; unticked is ''). */
export const CONFIRMED = 'yes';

/** Delete account: the current password, and the box ticked to confirm. */
export function validateDeleteAccount(v: DeleteAccountValues): Issue<DeleteAccountField>[] {
  return [
    ...issue<DeleteAccountField>(deleteAccountTexts.passwordRequired, empty(v.password) ? ['password'] : []),
    ...issue<DeleteAccountField>(deleteAccountTexts.confirmRequired, v.confirmed === CONFIRMED ? [] : ['confirmed']),
  ];
}
