import { z } from 'zod';
import { lineText, requiredLine, requiredText, wholeNumber } from '../api/input.js';
import { accountMessages, longEnoughPassword } from './messages.js';

export { accountMessages };

// Matched as typed and never shown: no bidirectional control is refused in a password.
const password = (message: string) =>
  z
    .string({ message })
    .min(1, message)
    .pipe(lineText(200, 'Password is too long', 'none'));
/** A password being chosen: long enough too. The API also refuses the most common ones (api/src/accounts/common-passwords.ts). */
const newPassword = (message: string) => password(message).refine(longEnoughPassword, accountMessages.passwordTooShort);

export const registerBody = z.object({
  Email: requiredLine(254, accountMessages.registerRequired).pipe(z.email('Enter a valid email address')),
  Password: newPassword(accountMessages.registerRequired),
  // Names: no bidirectional control at all, marks included (an invisible mark makes two names look the same).
  UserName: requiredLine(50, accountMessages.registerRequired, 'User Name has at most 50 characters', 'all').refine(
    (v) => !/\s/.test(v),
    accountMessages.userNameSpaces,
  ),
  Name: requiredLine(100, accountMessages.registerRequired, 'Name has at most 100 characters', 'all'),
});

export const loginBody = z.object({
  // Looked up as typed: an account named before names were checked can still log in.
  UserName: requiredLine(254, accountMessages.loginRequired, undefined, 'none'),
  Password: password(accountMessages.loginRequired),
  RememberMe: z
    .union([z.boolean(), z.enum(['true', 'false', 'on'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on'),
});

export const changePasswordBody = z.object({
  OldPassword: password(accountMessages.passwordFieldsEmpty),
  NewPassword: newPassword(accountMessages.passwordFieldsEmpty),
});

export const resetRequestBody = z.object({ UserName: requiredLine(254, accountMessages.resetUserName, undefined, 'none') });
export const activationRequestBody = z.object({ UserName: requiredLine(254, accountMessages.activationUserName, undefined, 'none') });
export const resetBody = z.object({
  userId: z.uuid('The reset link is not valid'),
  Code: requiredLine(200, 'The reset link is not valid'),
  Password: newPassword(accountMessages.passwordFieldsEmpty),
});

const noteIdField = lineText(100, 'NoteId: expected a note id from the notes list');
export const noteBody = z.object({
  /** The note to change; absent for a new one. */
  NoteId: noteIdField.optional(),
  Content: requiredText(20_000, accountMessages.noteBlank, 'A note has at most 20,000 characters'),
  Sentencenumber: wholeNumber('Sentencenumber', { message: 'Sentence Number Required' }),
  Rtype: requiredLine(50, 'Rtype: expected a note type').default('note'),
});

export const deleteNoteBody = z.object({
  NoteId: z.string({ message: 'NoteId: expected a note id from the notes list' }).min(1, 'NoteId: expected a note id from the notes list').pipe(noteIdField),
});

/** GET /api/my/notes (a page) and /api/my/notes.md (all): the signed-in reader's notes whose text or kind holds `q`. */
export const myNotesQuery = z.object({
  q: lineText(200, 'q: a search has at most 200 characters')
    .optional()
    .default('')
    .transform((q) => q.trim()),
  page: wholeNumber('page', { min: 1, max: 100_000, message: 'page: expected a page number' }).optional().default(1),
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
