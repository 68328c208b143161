import { z } from 'zod';
import { lineText, multilineText } from '../api/input.js';

/** One blog as the console lists and shows it (GET /admin-api/blogs). */
export const adminBlogAnswer = z.object({
  id: z.string().describe('The slug'),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  publishedCount: z.number().int(),
  lastPublished: z.string().nullable(),
  archived: z.boolean().describe('Takes no new posts'),
  version: z.number().int().describe("The blog's stream revision when read (-1 in lists); send it back to edit"),
});
export type AdminBlogAnswer = z.infer<typeof adminBlogAnswer>;
export const adminBlogsAnswer = z.array(adminBlogAnswer);
/** PUT /admin-api/blogs/:id: rename, describe, archive or unarchive. */
export const adminBlogUpdate = z.object({
  title: z.string().trim().min(1, 'title is required').pipe(lineText(200)).optional(),
  description: multilineText(2000).optional(),
  archived: z.boolean({ message: 'archived: expected true or false' }).optional(),
  version: z.number().int().min(-1).optional(),
});
export const adminBlogParams = z.object({ id: z.string().min(1).max(100) });
