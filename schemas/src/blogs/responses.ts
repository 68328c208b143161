import { z } from 'zod';
import { isoMoment, notJson } from '../api/responses.js';
import { POST_STATUS } from './post-status.js';

/**
 * The blogs' and comments' answers (docs/blogs-api.md). The field names are the spec's. Each type is
 * the answer as a client reads it: JSON, so every moment is an ISO string.
 */
type AsJson<T> = T extends Date ? string : T extends readonly (infer Item)[] ? AsJson<Item>[] : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;

const postStatus = z.literal([POST_STATUS.published, POST_STATUS.scheduled, POST_STATUS.draft]).describe('0 published, 1 scheduled, 2 draft');
const postNumber = z.number().int().nullable().describe("The post's ordinal in its blog (1 = first published); null until published");

/** Where a page of a list stands. */
export const listPaging = z.object({
  CurrentPage: z.number().int(),
  TotalPagesCount: z.number().int().describe('At least 1'),
  Skip: z.number().int().describe('How many items come before this page'),
});
export type ListPaging = z.infer<typeof listPaging>;

/** What lists show of a post. */
export const postSummary = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  subtitle: z.string(),
  number: postNumber,
  author: z.string().describe("The author's display name"),
  authorId: z.uuid(),
  published_at: isoMoment.nullable(),
  updated_at: isoMoment,
  excerpt_content: z.string(),
  series_title: z.string(),
  seriesSlug: z.string(),
  ccounts: z.number().int().describe('How many comments the post has'),
  blog: z.string().describe("The blog's slug"),
  status: postStatus,
  publish_at: isoMoment.nullable().describe('When a scheduled post goes out'),
});
export type PostSummary = AsJson<z.infer<typeof postSummary>>;

const pageOf = <Item extends z.ZodType>(item: Item) => z.object({ bcontent: z.array(item).describe("The page's items"), Paging: listPaging });

// ---------------------------------------------------------------- reading

export const blogListEntry = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  postCount: z.number().int().describe('Published posts'),
  lastPublished: isoMoment.nullable(),
});
export const blogListAnswer = z.array(blogListEntry);
export type BlogListEntry = AsJson<z.infer<typeof blogListEntry>>;

export const recentPost = z.object({
  bslug: z.string().describe("The blog's slug"),
  pslug: z.string().describe("The post's url"),
  ptitle: z.string().describe("The post's title"),
  bTitle: z.string().describe("The blog's title"),
});
export const recentPostsAnswer = z.array(recentPost).describe('The 10 latest posts across blogs, newest first');
export type RecentPost = z.infer<typeof recentPost>;

export const seriesEntry = z.object({
  slug: z.string().describe("The series' slug"),
  slugUrl: z.string().describe("The series' title"),
  count: z.number().int().describe('Published posts'),
  Letter: z.string().describe('First letter of the title, upper case'),
  LastDates: isoMoment.describe('When its latest post was published'),
  Author: z.string().describe("Its authors' names, comma separated"),
});
export type SeriesEntry = AsJson<z.infer<typeof seriesEntry>>;

export const seriesListAnswer = z.object({
  slug: z.string().describe("The blog's slug"),
  slugUrl: z.string().describe("The blog's title"),
  sd: z.array(seriesEntry).describe("The blog's series, by title"),
});
export type SeriesList = AsJson<z.infer<typeof seriesListAnswer>>;
export const seriesByBlogAnswer = z.array(seriesListAnswer).describe('Blogs that have series, by title');

/** How often a blog publishes, for "about 3 posts a month" beside its Subscribe button. */
export const postingRate = z
  .object({
    postsPerMonth: z.number().nonnegative().describe('posts ÷ months, to one decimal'),
    posts: z.number().int().describe('Posts published in those months'),
    months: z.number().int().min(1).max(12).describe("The last 12 months, or fewer (whole months, at least 1) since a younger blog's first post"),
  })
  .describe("The blog's published posts a month over the last 12 months");
export type PostingRate = z.infer<typeof postingRate>;

const blogArchived = z.boolean().describe('The blog is archived: readable, out of the lists across blogs, taking no new posts or comments');
export const blogPageAnswer = pageOf(postSummary).extend({ slug: z.string(), title: z.string(), description: z.string(), archived: blogArchived, postingRate });
export type BlogPage = AsJson<z.infer<typeof blogPageAnswer>>;

export const postAnswer = postSummary.extend({
  content: z.string().describe('Sanitised HTML; `||n||` is already an `a.sentence-link`'),
  canedit: z.boolean().describe('Whether the reader may edit the post'),
  isAuth: z.boolean().describe('Whether the reader is signed in'),
  blogTitle: z.string(),
  blogArchived,
  postingRate: postingRate.describe("The post's blog's published posts a month over the last 12 months"),
  previous_url: z.string().nullable().describe('The older published neighbour'),
  previous_title: z.string().nullable(),
  next_url: z.string().nullable().describe('The newer published neighbour'),
  next_title: z.string().nullable(),
});
export type Post = AsJson<z.infer<typeof postAnswer>>;

export const seriesPageAnswer = pageOf(postSummary).extend({
  slug: z.string().describe("The series' slug"),
  title: z.string().describe("The series' title"),
  blog: z.object({ slug: z.string(), title: z.string() }),
  sort: z.enum(['oldest', 'newest']),
});
export type SeriesPage = AsJson<z.infer<typeof seriesPageAnswer>>;

export const archivePost = z.object({
  postslug: z.string().describe("The post's url"),
  posttitle: z.string(),
  postBlogSlug: z.string(),
  postBlog: z.string().describe("The blog's title"),
});
export const archiveDay = z.object({ date: z.iso.date().describe('YYYY-MM-DD, UTC'), postdetails: z.array(archivePost) });
export const archiveMonth = z.object({ monthname: z.string().describe('"January"…'), totalposts: z.number().int(), postdate: z.array(archiveDay) });
export const archiveYear = z.object({ year: z.number().int(), totalposts: z.number().int(), monthtimeline: z.array(archiveMonth) });
/** A blog's or an author's published posts by year, month and day, newest first. */
export const archiveAnswer = z.object({
  title: z.string().describe("The blog's title, or the author's name"),
  slug: z.string().describe("The blog's slug, or the author's id"),
  countPost: z.number().int(),
  timeline: z.array(archiveYear),
});
export type ArchivePost = z.infer<typeof archivePost>;
export type ArchiveDay = z.infer<typeof archiveDay>;
export type ArchiveMonth = z.infer<typeof archiveMonth>;
export type ArchiveYear = z.infer<typeof archiveYear>;
export type Archive = z.infer<typeof archiveAnswer>;

export const tocEntry = z.object({ url: z.string(), title: z.string(), number: postNumber, published_at: isoMoment.nullable(), series_title: z.string() });
export const tocPageAnswer = pageOf(tocEntry).extend({ slug: z.string(), title: z.string() });
export type TocEntry = AsJson<z.infer<typeof tocEntry>>;
export type TocPage = AsJson<z.infer<typeof tocPageAnswer>>;

export const blogFeed = notJson('application/rss+xml, or application/atom+xml with ?format=atom: the latest posts with their full content');

// ---------------------------------------------------------------- writing

export const postSavedAnswer = z.object({
  id: z.uuid(),
  url: z.string(),
  blog: z.string().describe("The blog's slug"),
  revision: z.number().int().describe('Send it back as `revision` to save again'),
  message: z.string(),
  redirect: z.string().describe('Where the editor goes next: the post, or the scheduled list'),
});
export type PostSaved = z.infer<typeof postSavedAnswer>;

export const postDeletedAnswer = z.object({ message: z.string() });
export const previewAnswer = z.object({ content: z.string().describe('Sanitised HTML, as the post page shows it (`||n||` already linked)') });
export type PreviewAnswer = z.infer<typeof previewAnswer>;
export const generatedUrlAnswer = z.object({ url: z.string().describe('A url no post has taken'), message: z.string() });
export const autosaveAnswer = z.object({ saved: z.boolean().describe('false when the working copy had not changed'), at: isoMoment });
export const restoredAnswer = z.object({ revision: z.number().int().describe('The new revision'), message: z.string() });

const postTexts = { title: z.string(), subtitle: z.string(), series_title: z.string(), excerpt: z.string(), md_content: z.string().describe('Markdown') };

export const editablePostAnswer = z.object({
  id: z.uuid(),
  blog_id: z.string(),
  url: z.string(),
  ...postTexts,
  content: z.string().describe('Sanitised HTML'),
  status: postStatus,
  isPublished: z.boolean(),
  isScheduled: z.boolean(),
  draft: z.boolean(),
  published_at: isoMoment.nullable().describe('When it goes out, for a scheduled post'),
  created_at: isoMoment,
  revision: z.number().int(),
  autosave: z
    .object({ ...postTexts, at: isoMoment.nullable() })
    .nullable()
    .describe('The working copy, when it is newer than the saved text'),
});
export type EditablePostAnswer = AsJson<z.infer<typeof editablePostAnswer>>;

export const revisionSummary = z.object({
  revision: z.number().int(),
  at: isoMoment,
  kind: z.enum(['created', 'revised', 'restored']),
  author: z.string(),
  title: z.string(),
  words: z.number().int(),
});
export const revisionListAnswer = z.array(revisionSummary).describe('Newest first');
export type RevisionSummary = AsJson<z.infer<typeof revisionSummary>>;

export const revisionAnswer = z.object({ revision: z.number().int(), at: isoMoment, ...postTexts });
export type RevisionAnswer = AsJson<z.infer<typeof revisionAnswer>>;

export const postListAnswer = pageOf(postSummary).extend({ slug: z.string(), title: z.string() });
export type PostList = AsJson<z.infer<typeof postListAnswer>>;

export const writableBlog = z.object({ slug: z.string(), title: z.string() });
export const writableBlogsAnswer = z.array(writableBlog);
export type WritableBlog = z.infer<typeof writableBlog>;

export const blogCreatedAnswer = z.object({ slug: z.string(), message: z.string() });

// ---------------------------------------------------------------- comments

/** A comment in the thread widget's model. */
export const commentWidget = z.object({
  id: z.uuid(),
  parent: z.uuid().nullable(),
  created: isoMoment,
  modified: isoMoment,
  content: z.string().describe('Markdown'),
  content_html: z.string().describe('Sanitised HTML'),
  file: z.null(),
  file_url: z.null(),
  file_mime_type: z.null(),
  pings: z.record(z.string(), z.string()).describe('Users mentioned: id → full name'),
  creator: z.uuid(),
  fullname: z.string(),
  profile_url: z.string(),
  profile_picture_url: z.null(),
  created_by_admin: z.boolean(),
  created_by_current_user: z.boolean(),
  upvote_count: z.number().int(),
  user_has_upvoted: z.boolean(),
});
export const commentsAnswer = z.array(commentWidget).describe('Oldest first');
export type CommentWidget = AsJson<z.infer<typeof commentWidget>>;

export const mentionUser = z.object({ id: z.uuid(), fullname: z.string(), profile_picture_url: z.null() });
export const mentionsAnswer = z.array(mentionUser);
export type MentionUser = z.infer<typeof mentionUser>;

const commentDone = z.object({ type: z.literal(1) });
const commentAsSaved = commentWidget.nullable().describe('The comment as the thread now shows it; null when it does not show it');
export const commentPostedAnswer = commentDone.extend({ message: z.string(), comment: commentAsSaved });
export const commentChangedAnswer = commentDone.extend({ comment: commentAsSaved });
export const commentDeletedAnswer = commentDone.extend({ message: z.string() });

export const unsubscribedAnswer = z.object({
  type: z.literal(1),
  message: z.string(),
  blog: z.string().describe("The blog's slug"),
  blogTitle: z.string().describe("The blog's title (its slug if it no longer exists)"),
});
