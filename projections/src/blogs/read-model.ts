import type { PostContent } from '@epos/schemas';

export const BLOGS_PROJECTION = 'blogs';
/** Notified with a batch's position when a batch that changed the blogs read model commits. */
export const BLOGS_CHANGED_CHANNEL = 'epos_blogs_changed';

type PostStatusName = 'draft' | 'scheduled' | 'published';

/** Blogs, their posts with rendered HTML, revisions, comments and the names they are shown with. */
export interface BlogsReadModel {
  /** `archived`: takes no new posts (the console's archive). */
  blogs: {
    blog_id: string;
    title: string;
    description: string;
    created_at: string;
    published_count: number;
    last_published: string | null;
    next_number: number;
    archived: boolean;
  };
  posts: {
    post_id: string;
    blog_id: string;
    url: string;
    author_id: string;
    number: number | null;
    /** Place among the blog's published posts, oldest first (1..published_count); null unless published. */
    rank: number | null;
    title: string;
    subtitle: string;
    excerpt: string;
    series_title: string;
    series_slug: string;
    markdown: string;
    html: string;
    status: PostStatusName;
    publish_at: string | null;
    published_at: string | null;
    created_at: string;
    updated_at: string;
    revision: number;
    comment_count: number;
    autosave: Partial<PostContent> | null;
    autosaved_at: string | null;
  };
  /** Each month of a blog's archive that has posts: its timeline entry, rendered as JSON text. */
  archive_months: { blog_id: string; year: number; month: number; total: number; entry: string };
  /** Deleted posts, so the console can list and restore them (the posts table forgets them). */
  deleted_posts: { post_id: string; blog_id: string; url: string; title: string; author_id: string; created_at: string; deleted_at: string };
  post_revisions: { post_id: string; revision: number; at: string; actor: string; kind: 'created' | 'revised' | 'restored'; content: PostContent };
  authors: { user_id: string; name: string; role: string; deleted: boolean };
  comments: {
    comment_id: string;
    post_id: string;
    parent_id: string | null;
    author_id: string;
    content: string;
    html: string;
    pings: string[];
    created_at: string;
    modified_at: string;
    upvote_count: number;
    /** Taken off the site by an admin (with the replies under it); the moderation queue still lists it. */
    hidden: boolean;
    /** Off the site: hidden itself or under a hidden comment, at any depth (what readers are not shown). */
    concealed: boolean;
  };
  comment_upvotes: { comment_id: string; user_id: string };
}
