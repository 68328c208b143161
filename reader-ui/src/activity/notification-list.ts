import type { NotificationItem } from '@epos/schemas/activity/answers';

const DIGITS = /^\d+$/;

/** Notification ids are event positions (digit strings): a later one is a larger number. Never throws, whatever the id. */
export function compareIds(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) {
    const [x, y] = [a.replace(/^0+(?=\d)/, ''), b.replace(/^0+(?=\d)/, '')];
    if (x.length !== y.length) return x.length > y.length ? 1 : -1;
    return x === y ? 0 : x > y ? 1 : -1;
  }
  return a === b ? 0 : a > b ? 1 : -1;
}

/**
 * The shown list with a fresh read of some page merged in: each notification once, the fresh copy
 * winning (its read flag may have changed), newest first. New ones arrive at the top while later pages
 * stay loaded.
 */
export function mergeNotifications(shown: readonly NotificationItem[], fresh: readonly NotificationItem[]): NotificationItem[] {
  const byId = new Map(shown.map((item) => [item.id, item] as const));
  for (const item of fresh) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => compareIds(b.id, a.id));
}

/** The newest notification's id, for "Mark all as read": what the reader has seen, not what came since. */
export function newestId(items: readonly NotificationItem[]): string | null {
  return items.reduce<string | null>((newest, item) => (newest === null || compareIds(item.id, newest) > 0 ? item.id : newest), null);
}

/** The list as it is once the server has marked one (`id`) or every one up to `upTo` read. */
export function markedRead(items: readonly NotificationItem[], mark: { readonly id: string } | { readonly upTo: string }): NotificationItem[] {
  const reads = 'id' in mark ? (item: NotificationItem) => item.id === mark.id : (item: NotificationItem) => compareIds(item.id, mark.upTo) <= 0;
  return items.map((item) => (!item.read && reads(item) ? { ...item, read: true } : item));
}

/** A link the app may follow itself (a path on this site); anything else is a plain link. */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}
