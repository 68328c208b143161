import { readerRoutes } from '@epos/schemas/reader-routes';
import { lazyScreen } from '../ui/lazy-screen';

/** The notifications page: the reader's notifications, then the site's recent activity. */
export const NOTIFICATIONS_PATH = readerRoutes.notifications.path;

export const LazyNotificationsPage = lazyScreen('src/activity/notifications-page.tsx', () => import('./notifications-page'));
