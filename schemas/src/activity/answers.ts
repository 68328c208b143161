import { z } from 'zod';
import { wholeNumber } from '../api/input.js';
import { notJson } from '../api/responses.js';
import { notificationIdSchema } from './events.js';

/** What the public activity feed shows. */
export const activityTypes = ['post', 'comment', 'page', 'page-update', 'book', 'translation', 'correction', 'work'] as const;
export type ActivityType = (typeof activityTypes)[number];

/** The spec's Activity: url, activityType, user, content, DateofActivity. */
export const activityItem = z.object({
  url: z.string(),
  activityType: z.enum(activityTypes),
  /** The person's name ("deleted user" once erased); empty for a change made by a tool. */
  user: z.string(),
  /** Their public profile, when there is one to link to. */
  userId: z.string().nullable(),
  /** A short excerpt: the post's or page's title, the start of a comment, a line. */
  content: z.string(),
  DateofActivity: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const ACTIVITY_PAGE_SIZE = 20;
export const recentsQuery = z.object({ page: wholeNumber('page', { min: 1, max: 10_000 }).optional().default(1) });

/** `GET /api/recents`: the newest public activity, a page at a time. */
export const recentsAnswer = z.object({ items: z.array(activityItem), page: z.number(), pages: z.number(), total: z.number() });
export type RecentsAnswer = z.infer<typeof recentsAnswer>;

/** Why a reader is told: a reply to their comment, a mention, a new post in a blog they follow, a change to a sentence they have notes on. */
export const notificationKinds = ['reply', 'mention', 'post', 'noted-sentence'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationItem = z.object({
  id: notificationIdSchema,
  kind: z.enum(notificationKinds),
  url: z.string(),
  /** Who caused it ("deleted user" once erased; empty for a tool). */
  actor: z.string(),
  /** What it is about: the post's title, the start of the reply, the sentence's number and line. */
  content: z.string(),
  at: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsQuery = z.object({ page: wholeNumber('page', { min: 1, max: 10_000 }).optional().default(1) });

/** `GET /api/notifications`: the signed-in reader's notifications, newest first, with how many are unread. */
export const notificationsAnswer = z.object({ items: z.array(notificationItem), unread: z.number(), page: z.number(), pages: z.number(), total: z.number() });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** `GET /api/notifications/unread` and each server-sent `unread` event: the count and the newest notification, if any. */
export const unreadAnswer = z.object({ unread: z.number(), newest: notificationItem.nullable() });
export type UnreadAnswer = z.infer<typeof unreadAnswer>;

/** `POST /postdata/notifications/read`: one notification (`id`) or every one up to `upTo`. */
export const markReadForm = z.union([z.object({ id: notificationIdSchema }).strict(), z.object({ upTo: notificationIdSchema }).strict()], {
  message: 'id: expected a notification id, or upTo',
});
export type MarkReadForm = z.infer<typeof markReadForm>;
export const markReadAnswer = z.object({ unread: z.number() });

/** `GET /api/notifications/stream`: server-sent events, each `unread` event's data an UnreadAnswer. */
export const notificationStreamAnswer = notJson(
  "text/event-stream: an `unread` event (data: an UnreadAnswer as JSON) on connecting and whenever the reader's notifications change; a comment line every 25 s keeps the connection open",
);
