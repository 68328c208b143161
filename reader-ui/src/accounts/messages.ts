/** The spec's account messages (section 5): the server's own catalogue, imported (it has no zod). */
export { accountMessages, longEnoughPassword } from '@epos/schemas/accounts/messages';

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
  /** Under every field where a new password is chosen (the rule the server applies). */
  newPasswordHint: 'At least 8 characters, and not one of the most common passwords.',
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
