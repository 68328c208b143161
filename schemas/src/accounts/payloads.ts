import { z } from 'zod';
import { lineText, requiredLine, requiredText, wholeNumber } from '../api/input.js';

/** The spec's messages (section 5), used by the forms and the server alike. */
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

const password = (message: string) => z.string({ message }).min(1, message).pipe(lineText(200, 'Password is too long'));

export const registerBody = z.object({
  Email: requiredLine(254, accountMessages.registerRequired).pipe(z.email('Enter a valid email address')),
  Password: password(accountMessages.registerRequired),
  UserName: requiredLine(50, accountMessages.registerRequired, 'User Name has at most 50 characters').refine((v) => !/\s/.test(v), accountMessages.userNameSpaces),
  Name: requiredLine(100, accountMessages.registerRequired, 'Name has at most 100 characters'),
});

export const loginBody = z.object({
  UserName: requiredLine(254, accountMessages.loginRequired),
  Password: password(accountMessages.loginRequired),
  RememberMe: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional().transform((v) => v === true || v === 'true' || v === 'on'),
});

export const changePasswordBody = z.object({
  OldPassword: password(accountMessages.passwordFieldsEmpty),
  NewPassword: password(accountMessages.passwordFieldsEmpty),
});

export const resetRequestBody = z.object({ UserName: requiredLine(254, accountMessages.resetUserName) });
export const activationRequestBody = z.object({ UserName: requiredLine(254, accountMessages.activationUserName) });
export const resetBody = z.object({
  userId: z.uuid('The reset link is not valid'),
  Code: requiredLine(200, 'The reset link is not valid'),
  Password: password(accountMessages.passwordFieldsEmpty),
});

/** Every account call answers `{ type: 1 }` on success or `{ type: 0, error }`. */
export const accountResponse = z.object({ type: z.union([z.literal(0), z.literal(1)]), error: z.string().optional(), message: z.string().optional() });
export type AccountResponse = z.infer<typeof accountResponse>;

export const noteBody = z.object({
  Content: requiredText(20_000, accountMessages.noteBlank, 'A note has at most 20,000 characters'),
  Sentencenumber: wholeNumber('Sentencenumber', { message: 'Sentence Number Required' }),
  Rtype: requiredLine(50, 'Rtype: expected a note type').default('note'),
});

export const deleteAccountBody = z.object({ Password: password('Enter your password to delete your account') });

const blogList = z
  .union([z.array(lineText(100)), lineText(2000)])
  .optional()
  .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).map((b) => b.trim()).filter(Boolean));

export const updateSubscriptionsBody = z.object({
  UserBlogs: blogList,
  isSubscribed: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
});

export const updateUsersBody = z.object({
  UserId: z.uuid('Select a user'),
  UserRole: z.string({ message: 'Select user role' }).min(1, 'Select user role').pipe(lineText(50)),
  UserBlogs: blogList,
});
