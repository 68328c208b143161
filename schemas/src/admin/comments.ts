import { z } from 'zod';

/** One comment in the moderation queue (GET /admin-api/comments). */
export const adminCommentAnswer = z.object({
  id: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  blog: z.string(),
  parentId: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  content: z.string(),
  hidden: z.boolean().describe('Off the site (with the replies under it)'),
  replies: z.number().int().describe('Replies still standing: a comment with replies cannot be deleted'),
  createdAt: z.string(),
  modifiedAt: z.string(),
  upvotes: z.number().int(),
});
export type AdminCommentAnswer = z.infer<typeof adminCommentAnswer>;
export const adminCommentsAnswer = z.array(adminCommentAnswer);

/** PUT /admin-api/comments/:id: hide it from the site, or show it again. */
export const adminCommentUpdate = z.object({ hidden: z.boolean({ message: 'hidden: expected true or false' }) });
export const adminCommentParams = z.object({ id: z.uuid('id: expected a comment id') });
