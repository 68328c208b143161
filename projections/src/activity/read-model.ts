import type { ActivityType, NotificationKind } from '@epos/schemas';

export const ACTIVITY_PROJECTION = 'activity';
/** Announces each batch; scopes: `recents` when the public feed changed, and each reader whose notifications changed. */
export const ACTIVITY_CHANGED_CHANNEL = 'epos_activity';
export const RECENTS_SCOPE = 'recents';

export interface ActivityReadModel {
  /** The public feed: one row per event worth showing, or per run of small edits by one person to one thing. */
  activity: {
    activity_id: string;
    /** What the row is about (`post:{id}`, `comment:{id}`, `sentence:{id}`…), to update or remove it with its subject. */
    subject: string;
    /** The post a post's or comment's row belongs to, to remove them with it. */
    post_id: string | null;
    type: ActivityType;
    url: string;
    /** Null for a tool's change and once the person is erased. */
    user_id: string | null;
    content: string;
    at: string;
    hidden: boolean;
  };
  /** What each reader is told; (user_id, position) makes each event tell each reader once. */
  notifications: {
    user_id: string;
    position: string;
    kind: NotificationKind;
    url: string;
    actor_id: string | null;
    content: string;
    at: string;
    read: boolean;
  };
  /** What the feed needs to know to describe later events. */
  posts: { post_id: string; blog_id: string; url: string; title: string; author_id: string; published: boolean };
  comments: { comment_id: string; post_id: string; author_id: string };
  follows: { user_id: string; blog_id: string };
  noted: { user_id: string; note_id: string; sentence_id: number };
  pages: { page_id: string; path: string; name: string };
  book_authors: { author_id: string; slug: string };
  books: { book_id: string; author_id: string; slug: string; title: string };
  /** Which sentences have text in which edition: a text set where there was one is a correction. */
  texted: { sentence_id: number; edition: string };
}
