/** The activity page's words for nothing to show ('No activity' is the spec's). */
export const activityMessages = {
  noActivity: 'No activity',
  noNotifications: 'No notifications',
} as const;

/** The notification stream's event name: its data is an UnreadAnswer. */
export const NOTIFICATION_STREAM_EVENT = 'unread';
