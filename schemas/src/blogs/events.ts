import { z } from 'zod';
import { defineEvent, type EventOf, type Upcaster } from '../events/define-event.js';
import { sealedField } from '../events/sealed.js';
import { MAX_INT32 } from '../poem/vocabulary.js';

export const blogStream = (blogId: string) => `blog-${blogId}`;
export const postStream = (postId: string) => `post-${postId}`;
/** One stream per post url: reserving it with "no stream yet" keeps urls unique across the site. */
export const postUrlStream = (url: string) => `post-url-${url}`;
export const commentsStream = (postId: string) => `comments-${postId}`;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().min(1).max(100).regex(SLUG, 'use lower-case letters, digits and single hyphens');

/** The text of a post at one revision; its HTML is rendered from `markdown` when read. */
export const postContentSchema = z.object({
  title: z.string().min(1).max(300),
  subtitle: z.string().max(300),
  seriesTitle: z.string().min(1).max(200),
  excerpt: z.string().max(2000),
  markdown: z.string().min(1).max(500_000),
});
export type PostContent = z.infer<typeof postContentSchema>;

const postId = z.uuid();
const userId = z.uuid();
const commentId = z.uuid();
/** Comment text is personal data: sealed with its author's key, shredded with the account. */
export const commentTextSealedSchema = z.string().max(10_000);
const sealed = sealedField(commentTextSealedSchema, 10_000);

export const blogCreated = defineEvent('BlogCreated', z.object({ blogId: slugSchema, title: z.string().min(1).max(200), description: z.string().max(2000) }));
export const blogRenamed = defineEvent('BlogRenamed', z.object({ blogId: slugSchema, title: z.string().min(1).max(200) }));
export const blogDescribed = defineEvent('BlogDescribed', z.object({ blogId: slugSchema, description: z.string().max(2000) }));
/** An archived blog keeps its posts and address but takes no new posts; unarchiving opens it again. */
export const blogArchived = defineEvent('BlogArchived', z.object({ blogId: slugSchema }));
export const blogUnarchived = defineEvent('BlogUnarchived', z.object({ blogId: slugSchema }));
export const blogStreamEvents = [blogCreated, blogRenamed, blogDescribed, blogArchived, blogUnarchived] as const;
export type BlogEvent = EventOf<typeof blogStreamEvents>;

export const postUrlReserved = defineEvent('PostUrlReserved', z.object({ url: slugSchema, postId }));
export const postCreated = defineEvent('PostCreated', z.object({ postId, blogId: slugSchema, url: slugSchema, authorId: userId, content: postContentSchema }));
export const postRevised = defineEvent(
  'PostRevised',
  z.object({ postId, content: postContentSchema, restoredFrom: z.number().int().nonnegative().max(MAX_INT32).optional() }),
);
/** A working copy may be incomplete (an empty title while typing). */
const workingCopySchema = z
  .object({
    title: z.string().max(300),
    subtitle: z.string().max(300),
    seriesTitle: z.string().max(200),
    excerpt: z.string().max(2000),
    markdown: z.string().max(500_000),
  })
  .partial();
export const postAutosaved = defineEvent('PostAutosaved', z.object({ postId, content: workingCopySchema }));
export const postPublished = defineEvent('PostPublished', z.object({ postId, publishedAt: z.iso.datetime(), scheduled: z.boolean(), first: z.boolean() }));
export const postScheduled = defineEvent('PostScheduled', z.object({ postId, publishAt: z.iso.datetime() }));
export const postUnscheduled = defineEvent('PostUnscheduled', z.object({ postId }));
export const postUnpublished = defineEvent('PostUnpublished', z.object({ postId }));
export const postDeleted = defineEvent('PostDeleted', z.object({ postId }));
/** An admin brought a deleted post back, as a draft with the text it had (`revision`: its number of revisions). */
export const postUndeleted = defineEvent(
  'PostUndeleted',
  z.object({ postId, blogId: slugSchema, url: slugSchema, authorId: userId, content: postContentSchema, revision: z.number().int().positive().max(MAX_INT32) }),
);

/** The users a comment mentions (`@name`): they are notified. Called `pings` before version 2, as the API's field still is. */
const mentions = z.array(userId).max(20);
/** Version 1 named the mentioned users `pings`, after the API field; version 2 says what they are. */
export const renamePingsToMentions: Upcaster = {
  from: 1,
  up: (data) => {
    const { pings, ...rest } = data as { pings?: unknown };
    return { ...rest, mentions: pings ?? [] };
  },
};
export const commentPosted = defineEvent(
  'CommentPosted',
  z.object({ commentId, postId, parentId: commentId.nullable(), authorId: userId, content: sealed, mentions }),
  {
    version: 2,
    upcasters: [renamePingsToMentions],
  },
);
export const commentEdited = defineEvent('CommentEdited', z.object({ commentId, postId, content: sealed, mentions }), {
  version: 2,
  upcasters: [renamePingsToMentions],
});
export const commentDeleted = defineEvent('CommentDeleted', z.object({ commentId, postId }));
export const commentUpvoted = defineEvent('CommentUpvoted', z.object({ commentId, postId, userId }));
export const commentUpvoteWithdrawn = defineEvent('CommentUpvoteWithdrawn', z.object({ commentId, postId, userId }));
/** An admin took a comment (and the replies under it) off the site, or put it back; nothing is deleted. */
export const commentHidden = defineEvent('CommentHidden', z.object({ commentId, postId }));
export const commentShown = defineEvent('CommentShown', z.object({ commentId, postId }));

export const postEvents = [
  postUrlReserved,
  postCreated,
  postRevised,
  postAutosaved,
  postPublished,
  postScheduled,
  postUnscheduled,
  postUnpublished,
  postDeleted,
  postUndeleted,
] as const;
export const commentEvents = [commentPosted, commentEdited, commentDeleted, commentUpvoted, commentUpvoteWithdrawn, commentHidden, commentShown] as const;
export const blogEvents = [...blogStreamEvents, ...postEvents, ...commentEvents] as const;

export type PostEvent = EventOf<typeof postEvents>;
export type CommentEvent = EventOf<typeof commentEvents>;
