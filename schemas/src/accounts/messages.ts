/** The spec's account messages (section 5), used by the forms and the server alike. No zod: the reader app imports this file. */
export const accountMessages = {
  registerRequired: 'All fields marked * are required.',
  userNameSpaces: 'Spaces are not allowed in Username',
  loginRequired: 'All fields marked * are required',
  passwordFieldsEmpty: 'Fields cannot be empty',
  passwordsMustMatch: 'New Passwords should match',
  resetUserName: 'User Name is required to send password reset link',
  activationUserName: 'User Name is required to send activation',
  passwordMismatch: 'Password does not match',
  passwordChanged: 'Password changed Successfully',
  passwordTooShort: 'A new password needs at least 8 characters',
  passwordTooCommon: 'That password is one of the most common ones; choose another',
  noteBlank: "Textarea can't be blank",
  noteSaved: 'Note Saved Successfully',
  noteDeleted: 'Note deleted',
} as const;

/** The shortest new password accepted (issue 16); existing passwords are not checked again. */
export const MIN_PASSWORD_LENGTH = 8;

/** Whether a new password is long enough: characters are counted, not UTF-16 units. */
export const longEnoughPassword = (password: string): boolean => [...password].length >= MIN_PASSWORD_LENGTH;

/** "2 notes", "1 note containing “lamp”": the My notes page and its markdown download. */
export function notesCount(total: number, search: string): string {
  const count = `${total} ${total === 1 ? 'note' : 'notes'}`;
  return search.trim() === '' ? count : `${count} containing “${search.trim()}”`;
}
