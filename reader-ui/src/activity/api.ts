import type { MarkReadForm, NotificationsAnswer, RecentsAnswer, UnreadAnswer } from '@epos/schemas/activity/answers';
import { getJson, postJson, type Result } from '../ui/http';
import { readUnread } from './unread-feed';

export type { ActivityItem, NotificationItem, NotificationsAnswer, RecentsAnswer, UnreadAnswer } from '@epos/schemas/activity/answers';

/** The activity feed's and notifications' calls (api/src/activity). */
const activityApi = {
  recents: (page: number) => `/api/recents?page=${page}`,
  notifications: (page: number) => `/api/notifications?page=${page}`,
  unread: '/api/notifications/unread',
  markRead: '/postdata/notifications/read',
} as const;

export const fetchRecents = (page: number, signal: AbortSignal) => getJson<RecentsAnswer>(activityApi.recents(page), { signal });
export const fetchNotifications = (page: number, signal?: AbortSignal) => getJson<NotificationsAnswer>(activityApi.notifications(page), { signal });

/** The unread count: the answer, 'signed-out' when the session has ended, null for any other failure. */
export async function fetchUnread(): Promise<UnreadAnswer | 'signed-out' | null> {
  const answer = await getJson<unknown>(activityApi.unread);
  if (answer.status === 401) return 'signed-out';
  return answer.ok ? readUnread(answer.data) : null;
}

/** Marks one notification (`id`) or every one up to `upTo` read; answers how many stay unread. */
export const markRead = (form: MarkReadForm): Promise<Result<{ unread: number }>> => postJson(activityApi.markRead, form);
