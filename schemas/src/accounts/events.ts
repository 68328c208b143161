import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { sealedField } from '../events/sealed.js';
import { positiveInt } from '../poem/vocabulary.js';

export const userStream = (userId: string) => `user-${userId}`;
export const roles = ['user', 'blogger', 'admin'] as const;
export const roleSchema = z.enum(roles, { message: 'Select user role' });
export type Role = z.infer<typeof roleSchema>;

const userId = z.uuid();
/** A user's personal data, sealed with the user's own key: kept outside the log's clear text and destroyed on deletion. */
export const personalDataSchema = z.object({ userName: z.string().max(254), email: z.string().max(254), name: z.string().max(100) });
export type PersonalData = z.infer<typeof personalDataSchema>;
/** A reader's note, sealed like personal data. */
export const noteTextSealedSchema = z.string().max(20_000);

export const userRegistered = defineEvent('UserRegistered', z.object({ userId, personal: sealedField(personalDataSchema, 700) }));
export const emailConfirmed = defineEvent('EmailConfirmed', z.object({ userId }));
export const activationRequested = defineEvent('ActivationRequested', z.object({ userId }));
export const loginSucceeded = defineEvent('LoginSucceeded', z.object({ userId, remember: z.boolean() }));
/** Records of an attempt rather than a change: a refused request (a failed login) may append them. */
export const attemptRecords = ['LoginFailed'] as const;
export const loginFailed = defineEvent('LoginFailed', z.object({ userId, reason: z.enum(['password', 'unconfirmed', 'locked']) }));
export const passwordChanged = defineEvent('PasswordChanged', z.object({ userId }));
export const passwordResetRequested = defineEvent('PasswordResetRequested', z.object({ userId }));
export const passwordReset = defineEvent('PasswordReset', z.object({ userId }));
export const roleAssigned = defineEvent('RoleAssigned', z.object({ userId, role: roleSchema }));
export const blogsAssigned = defineEvent('BlogsAssigned', z.object({ userId, blogs: z.array(z.string().min(1).max(100)).max(100) }));
export const subscriptionsChanged = defineEvent(
  'SubscriptionsChanged',
  z.object({ userId, blogs: z.array(z.string().min(1).max(100)).max(100), subscribed: z.boolean() }),
);
export const accountDeleted = defineEvent('AccountDeleted', z.object({ userId }));
/** An admin shut the account (its sessions end, logins are refused) or opened it again. */
export const accountLocked = defineEvent('AccountLocked', z.object({ userId }));
export const accountUnlocked = defineEvent('AccountUnlocked', z.object({ userId }));
/** An administrator ended every session of the user (their streams closed, their requests in flight refused): they sign in again. */
export const sessionsEnded = defineEvent('SessionsEnded', z.object({ userId }));
/** Someone tried to register a new account with this user's email address; its owner is told. */
export const registrationAttempted = defineEvent('RegistrationAttempted', z.object({ userId }));
/**
 * A reader's own note on a sentence (`sentence`: its permanent id, so the note stays with its
 * verse when the poem is renumbered; notes saved before ids existed carry the number, which was
 * the id then); its text is sealed like other personal data.
 */
const noteId = z.string().min(1).max(100);
export const noteSaved = defineEvent(
  'NoteSaved',
  z.object({
    userId,
    /** Which of the reader's notes: a new id for a new note, the same one for an edit. Notes saved before ids existed have none: one per sentence and kind. */
    noteId: noteId.optional(),
    sentence: positiveInt('sentence'),
    rtype: z.string().min(1).max(50),
    content: sealedField(noteTextSealedSchema, 20_000),
  }),
);
/** A reader deleted one of their notes (`noteId` as the notes list gives it). */
export const noteDeleted = defineEvent('NoteDeleted', z.object({ userId, noteId }));

export const accountEvents = [
  userRegistered,
  emailConfirmed,
  activationRequested,
  loginSucceeded,
  loginFailed,
  passwordChanged,
  passwordResetRequested,
  passwordReset,
  roleAssigned,
  blogsAssigned,
  subscriptionsChanged,
  accountDeleted,
  accountLocked,
  accountUnlocked,
  sessionsEnded,
  registrationAttempted,
  noteSaved,
  noteDeleted,
] as const;
export type AccountEvent = EventOf<typeof accountEvents>;
