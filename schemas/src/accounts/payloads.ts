import { z } from 'zod';

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

const noNul = (v: string) => !v.includes('\u0000');
const required = (message: string) => z.string({ message }).trim().min(1, message).refine(noNul, 'Text must not contain NUL characters');

export const registerBody = z.object({
  Email: required(accountMessages.registerRequired).pipe(z.email('Enter a valid email address').max(254)),
  Password: z.string({ message: accountMessages.registerRequired }).min(1, accountMessages.registerRequired).max(200, 'Password is too long').refine(noNul, 'Text must not contain NUL characters'),
  UserName: required(accountMessages.registerRequired)
    .max(50, 'User Name has at most 50 characters')
    .refine((v) => !/\s/.test(v), accountMessages.userNameSpaces),
  Name: required(accountMessages.registerRequired).max(100, 'Name has at most 100 characters'),
});

export const loginBody = z.object({
  UserName: required(accountMessages.loginRequired).max(254),
  Password: z.string({ message: accountMessages.loginRequired }).min(1, accountMessages.loginRequired).max(200).refine(noNul, 'Text must not contain NUL characters'),
  RememberMe: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional().transform((v) => v === true || v === 'true' || v === 'on'),
});

export const changePasswordBody = z.object({
  OldPassword: z.string({ message: accountMessages.passwordFieldsEmpty }).min(1, accountMessages.passwordFieldsEmpty).max(200),
  NewPassword: z.string({ message: accountMessages.passwordFieldsEmpty }).min(1, accountMessages.passwordFieldsEmpty).max(200),
});

export const resetRequestBody = z.object({ UserName: required(accountMessages.resetUserName).max(254) });
export const activationRequestBody = z.object({ UserName: required(accountMessages.activationUserName).max(254) });
export const resetBody = z.object({
  userId: z.uuid('The reset link is not valid'),
  Code: required('The reset link is not valid').max(200),
  Password: z.string({ message: accountMessages.passwordFieldsEmpty }).min(1, accountMessages.passwordFieldsEmpty).max(200),
});

/** Every account call answers `{ type: 1 }` on success or `{ type: 0, error }`. */
export const accountResponse = z.object({ type: z.union([z.literal(0), z.literal(1)]), error: z.string().optional(), message: z.string().optional() });
export type AccountResponse = z.infer<typeof accountResponse>;

export const noteBody = z.object({
  Content: z.string({ message: accountMessages.noteBlank }).trim().min(1, accountMessages.noteBlank).max(20_000, 'A note has at most 20,000 characters').refine(noNul, 'Text must not contain NUL characters'),
  Sentencenumber: z.coerce.number({ message: 'Sentence Number Required' }).int('Sentence Number Required').positive('Sentence Number Required').max(2_147_483_647, 'Sentence Number Required'),
  Rtype: z.string().trim().min(1).max(50).default('note'),
});

export const deleteAccountBody = z.object({ Password: z.string({ message: 'Enter your password to delete your account' }).min(1, 'Enter your password to delete your account').max(200) });

const blogList = z
  .union([z.array(z.string().max(100)), z.string().max(2000)])
  .optional()
  .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).map((b) => b.trim()).filter(Boolean));

export const updateSubscriptionsBody = z.object({
  UserBlogs: blogList,
  isSubscribed: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
});

export const updateUsersBody = z.object({
  UserId: z.uuid('Select a user'),
  UserRole: z.string({ message: 'Select user role' }).min(1, 'Select user role'),
  UserBlogs: blogList,
});
