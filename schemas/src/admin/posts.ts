import { z } from 'zod';
import { wholeNumber } from '../api/input.js';
import { EVENT_POSITION_PATTERN } from '../events/metadata.js';

export const ADMIN_POST_STATUSES = ['published', 'scheduled', 'draft', 'deleted'] as const;

/** One post of any blog as the console lists and shows it (GET /admin-api/posts). */
export const adminPostAnswer = z.object({
  id: z.string(),
  blog: z.string(),
  url: z.string(),
  title: z.string(),
  status: z.enum(ADMIN_POST_STATUSES),
  publishAt: z.string().nullable().describe('When a scheduled post goes out'),
  publishedAt: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
  commentCount: z.number().int(),
  editorPath: z.string().describe("The post in the reader app's editor"),
  version: z.number().int().describe("The post's stream revision when read; send it back to edit"),
});
export type AdminPostAnswer = z.infer<typeof adminPostAnswer>;
export const adminPostsAnswer = z.array(adminPostAnswer);

/** PUT /admin-api/posts/:id: publish now, reschedule (a new time) or unpublish (back to draft); a deleted post comes back as a draft. */
export const adminPostUpdate = z.object({
  status: z.enum(['published', 'scheduled', 'draft'], { message: 'status: expected published, scheduled or draft' }),
  publishAt: z.iso.datetime({ offset: true, message: 'publishAt: expected a date and time' }).nullish(),
  version: z.number().int().min(-1, { message: 'version: expected the revision the record was loaded at' }).optional(),
});

export const adminPostParams = z.object({ id: z.uuid('id: expected a post id') });
export const adminRestoreBody = z.object({ position: z.string().regex(EVENT_POSITION_PATTERN, 'position: expected an event position') });
/** A library record's restore: the revision to restore, or (from the History tab) the position of its event. */
export const adminRevisionRestoreBody = z
  .object({
    revision: wholeNumber('revision', { min: 1 }).optional(),
    position: adminRestoreBody.shape.position.optional(),
  })
  .refine((body) => (body.revision === undefined) !== (body.position === undefined), {
    message: 'revision: send the revision to restore (or the position of its event)',
    path: ['revision'],
  });
