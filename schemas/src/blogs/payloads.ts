import { z } from 'zod';
import { lineText, multilineText, requiredLine, requiredText, wholeNumber } from '../api/input.js';
import { SLUG } from './events.js';
import { blogMessages } from './messages.js';
import { POST_STATUS, type PostStatus } from './post-status.js';

export { blogMessages, POST_STATUS, type PostStatus };

const required = (max: number) => requiredLine(max, blogMessages.required);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

/** The spec's post payload; `status` or the flags choose publish now, schedule or draft. */
export const postPayload = z
  .object({
    blog_id: required(100),
    title: required(300),
    series_title: required(200),
    md_content: z
      .string({ message: blogMessages.required })
      .refine((v) => v.trim().length > 0, blogMessages.required)
      .pipe(multilineText(500_000)),
    status: wholeNumber('status', { min: POST_STATUS.published, max: POST_STATUS.draft }).optional(),
    isScheduled: flag,
    isPublished: flag,
    draft: flag,
    published_at: z.string().trim().pipe(lineText(40)).optional().nullable(),
    time_zone: z.string().trim().pipe(lineText(64)).optional().nullable(),
    excerpt: multilineText(2000).optional().nullable(),
    subtitle: lineText(300).optional().nullable(),
    content: multilineText(500_000).optional().nullable(),
    created_at: lineText(40).optional().nullable(),
  })
  .transform((p, ctx) => {
    const status =
      p.status ??
      (p.isScheduled
        ? POST_STATUS.scheduled
        : p.draft
          ? POST_STATUS.draft
          : p.isPublished !== undefined || p.draft !== undefined || p.isScheduled !== undefined
            ? POST_STATUS.published
            : undefined);
    if (status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: blogMessages.required });
      return z.NEVER;
    }
    if (status === POST_STATUS.scheduled && !p.published_at) {
      ctx.addIssue({ code: 'custom', path: ['published_at'], message: blogMessages.required });
      return z.NEVER;
    }
    return { ...p, status: status as PostStatus, excerpt: p.excerpt ?? '', subtitle: p.subtitle ?? '' };
  });
export type PostPayload = z.output<typeof postPayload>;

export const updatePostPayload = z.intersection(
  postPayload,
  z.object({ id: z.uuid('id: expected a post id'), revision: wholeNumber('revision', { min: 0 }).optional() }),
);

export const deletePostBody = z.object({ url: z.string({ message: 'url is required' }).trim().regex(SLUG, 'url: expected a post url') });
export const generateUrlBody = z.object({ title: requiredLine(300, 'title is required') });
/** The editor's preview: a post's markdown, rendered as its page will show it. */
export const previewBody = z.object({ md_content: z.string({ message: 'md_content: expected the markdown text' }).pipe(multilineText(500_000)) });
export const autosaveBody = z.object({
  id: z.uuid('id: expected a post id'),
  title: lineText(300).optional(),
  subtitle: lineText(300).optional(),
  series_title: lineText(200).optional(),
  excerpt: multilineText(2000).optional(),
  md_content: multilineText(500_000).optional(),
});
export const restoreBody = z.object({ id: z.uuid('id: expected a post id'), revision: wholeNumber('revision', { min: 0 }) });
export const createBlogBody = z.object({
  slug: z.string({ message: 'slug is required' }).trim().regex(SLUG, 'slug: use lower-case letters, digits and single hyphens').max(100),
  title: requiredLine(200, 'title is required'),
  description: multilineText(2000).optional().default(''),
});

const commentText = requiredText(10_000, "Comment can't be blank", 'A comment has at most 10000 characters');
const pings = z
  .union([z.array(z.uuid()), z.uuid().transform((v) => [v])])
  .optional()
  .default([])
  .pipe(z.array(z.uuid()).max(20, 'at most 20 mentions'));
export const commentBody = z.object({
  cm: commentText,
  parentof: z
    .uuid('parentof: expected a comment id')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  pings,
});
export const editCommentBody = z.object({ id: z.uuid('id: expected a comment id'), cm: commentText, pings });
export const commentIdBody = z.object({ id: z.uuid('id: expected a comment id') });
export const upvoteBody = z.object({
  id: z.uuid('id: expected a comment id'),
  upvote: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
});
export const unsubscribeBody = z.object({ token: z.string({ message: 'token is required' }).min(10, 'token: not a valid link').pipe(lineText(500)) });

export const pageQuery = z.object({ page: wholeNumber('page', { min: 1, max: 100_000, message: 'page: expected a page number' }).optional().default(1) });
