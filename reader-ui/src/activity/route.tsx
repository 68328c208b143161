import { lazy, Suspense } from 'react';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { Loading } from '../ui/loading';

/** The notifications page: the reader's notifications, then the site's recent activity. */
export const NOTIFICATIONS_PATH = readerRoutes.notifications.path;

const NotificationsPage = lazy(() => import('./notifications-page'));

export function LazyNotificationsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <NotificationsPage />
    </Suspense>
  );
}
