/**
 * The spec's account messages (section 5), copied from `accountMessages` in
 * schemas/src/accounts/payloads.ts. They are copied rather than imported because
 * that module pulls zod into the reader bundle. messages.test.ts checks that the
 * two stay equal: change them there first, then here.
 */
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
  noteBlank: "Textarea can't be blank",
  noteSaved: 'Note Saved Successfully',
} as const;

/** Texts the account screens show that are not validation messages. */
export const accountTexts = {
  /** The server's own text for a bad reset link (schemas resetBody). */
  resetLinkInvalid: 'The reset link is not valid',
  confirmLinkInvalid: 'The confirmation link is not valid',
  emailConfirmed: 'Your email is confirmed. You can log in now.',
  confirming: 'Confirming your email…',
  // Fallbacks for a success answer that carries no message of its own.
  registered: 'Registered. Check your email for the activation link.',
  checkEmail: 'Check your email for the link.',
  passwordReset: 'Your password has been reset. You can log in now.',
  loggedOut: 'You are logged out.',
} as const;

/**
 * The "Delete my account" form. passwordRequired is the server's own text
 * (schemas deleteAccountBody; messages.test.ts checks it), deleted the fallback
 * for a success answer without a message.
 */
export const deleteAccountTexts = {
  passwordRequired: 'Enter your password to delete your account',
  confirmRequired: 'Tick “I understand this cannot be undone” to delete your account',
  deleted: 'Your account has been deleted.',
} as const;
