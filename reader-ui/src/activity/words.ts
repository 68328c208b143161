import type { ActivityItem, ActivityType, NotificationItem, NotificationKind } from '@epos/schemas/activity/answers';
import { formatShortDate, readerLocale } from '@epos/schemas/dates/formats';

export { activityMessages } from '@epos/schemas/activity/messages';

/** Why a reader is told, as the list says it after the person's name. */
export const notificationKindWords: Readonly<Record<NotificationKind, string>> = {
  reply: 'replied to your comment',
  mention: 'mentioned you',
  post: 'new post in a blog you follow',
  'noted-sentence': 'changed a sentence you have notes on',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A notification as one line: "Mira replied to your comment", "New post in a blog you follow by Mira".
 * With no name (a tool's change, the demo's own content): "Someone replied to your comment", "The editors
 * changed a sentence you have notes on".
 */
export function notificationLine(item: Pick<NotificationItem, 'actor' | 'kind'>): string {
  const actor = item.actor.trim();
  const words = notificationKindWords[item.kind];
  if (item.kind === 'post') return actor === '' ? capitalised(words) : `${capitalised(words)} by ${actor}`;
  if (actor !== '') return `${actor} ${words}`;
  return `${item.kind === 'noted-sentence' ? 'The editors' : 'Someone'} ${words}`;
}

/** What someone did, as the public feed says it after their name. */
export const activityTypeWords: Readonly<Record<ActivityType, string>> = {
  post: 'published a post',
  comment: 'commented',
  page: 'added a page',
  'page-update': 'updated a page',
  book: 'added a book',
  translation: 'edited a translation',
  correction: 'corrected a sentence',
  work: 'added a work on the poem',
};

/**
 * Whether an activity's content names the thing (a post's, page's or book's title: the link to it),
 * or is an excerpt of what was written (a comment, a work, a changed sentence: text with `||n||`
 * sentence links of its own, shown beside the link).
 */
export const contentIsTitle: Readonly<Record<ActivityType, boolean>> = {
  post: true,
  comment: false,
  page: true,
  'page-update': true,
  book: true,
  translation: false,
  correction: false,
  work: false,
};

/** The notification kinds a stream event may name. */
export const notificationKinds = Object.keys(notificationKindWords) as NotificationKind[];

/** "Mira published a post"; a change made by a tool has no name: "Corrected a sentence". */
export function activityLine(item: Pick<ActivityItem, 'user' | 'activityType'>): { readonly who: string | null; readonly what: string } {
  const what = activityTypeWords[item.activityType];
  const who = item.user.trim();
  return who === '' ? { who: null, what: capitalised(what) } : { who, what };
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function notificationsLabel(unread: number | null): string {
  return unread !== null && unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge's text: the count, "99+" past 99, nothing at 0. */
export function badgeText(unread: number | null): string {
  if (unread === null || unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * When something happened, for lists of recent things: "now", "5 minutes ago", "yesterday", and
 * past a week the short date ("5th Mar 24"). Not a date: the text as it came.
 */
export function timeAgo(value: string, now: number = Date.now(), options: { locale?: string; timeZone?: string } = {}): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  const locale = options.locale ?? readerLocale();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // a clock slightly ahead of the reader's is still "now"
  let amount = Math.max(0, (now - at) / 1000);
  for (const [unit, size] of UNITS) {
    if (amount < size) return format.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return formatShortDate(value, {
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  });
}
