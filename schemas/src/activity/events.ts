import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { EVENT_POSITION_PATTERN } from '../events/metadata.js';

/** A reader's notifications' stream: what they have read. */
export const notificationsStream = (userId: string) => `notifications-${userId}`;

/** A notification's id: the position of the event that caused it (one notification per reader per event). */
export const notificationIdSchema = z.string().regex(EVENT_POSITION_PATTERN, 'id: expected a notification id');

/** The reader opened one notification. */
export const notificationRead = defineEvent('NotificationRead', z.object({ userId: z.uuid(), id: notificationIdSchema }));
/** The reader marked every notification up to `upTo` (the newest they were shown) as read. */
export const notificationsReadUpTo = defineEvent('NotificationsReadUpTo', z.object({ userId: z.uuid(), upTo: notificationIdSchema }));

export const notificationEvents = [notificationRead, notificationsReadUpTo] as const;
export type NotificationEvent = EventOf<typeof notificationEvents>;
