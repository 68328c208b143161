import { z } from 'zod';
import { roleSchema } from '../accounts/events.js';

/** One user as the console lists and shows them (GET /admin-api/users). */
export const adminUserAnswer = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  role: roleSchema,
  blogs: z.array(z.string()),
  lastLogin: z.string().nullable(),
  locked: z.boolean().describe('Shut by an admin: no sessions, logins refused'),
  registeredAt: z.string(),
  version: z.number().int().describe("The user's stream revision when read; send it back to edit"),
});
export type AdminUserAnswer = z.infer<typeof adminUserAnswer>;
export const adminUsersAnswer = z.array(adminUserAnswer);

/** PUT /admin-api/users/:id: the spec's role modal (a role and its blogs) and the lock, with the version it was loaded at. */
export const adminUserUpdate = z.object({
  role: z.unknown().optional().describe('user, blogger or admin (with `blogs`); absent to leave them'),
  locked: z.boolean({ message: 'locked: expected true or false' }).optional().describe('Lock or unlock the account'),
  blogs: z.array(z.string().min(1).max(100), { message: 'blogs: expected a list of blog slugs' }).max(100).default([]),
  version: z.number().int().nonnegative({ message: 'version: expected the revision the record was loaded at' }).optional(),
});

export const adminUserParams = z.object({ id: z.uuid('id: expected a user id') });
export const adminDoneAnswer = z.object({ id: z.string(), message: z.string() });
/** DELETE /admin-api/sessions: how many users were signed out. */
export const adminSessionsEndedAnswer = z.object({ users: z.number().int().nonnegative(), message: z.string() });
