import { lazy, Suspense } from 'react';
import { Loading } from '../poem/loading';

/** The notifications page: the reader's notifications, then the site's recent activity. */
export const NOTIFICATIONS_PATH = '/notifications';

const NotificationsPage = lazy(() => import('./notifications-page'));

export function LazyNotificationsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <NotificationsPage />
    </Suspense>
  );
}
