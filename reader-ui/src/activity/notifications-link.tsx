import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NOTIFICATIONS_PATH } from './route';
import { unreadAtom, useUnreadFeed } from './unread-state';
import { badgeText, notificationsLabel } from './words';
import './activity-nav.css';

/** The navigation's bell for a signed-in reader: a link to their notifications with the unread count, kept live. */
export function NotificationsLink({ reader }: { reader: string }) {
  useUnreadFeed(reader);
  const [location] = useLocation();
  const unread = useAtomValue(unreadAtom)?.unread ?? null;
  const announcement = useNewArrivals(unread);
  const label = notificationsLabel(unread);
  const badge = badgeText(unread);
  return (
    <>
      <Link
        href={NOTIFICATIONS_PATH}
        className="nav-account-link nav-bell"
        aria-label={label}
        title={label}
        aria-current={location === NOTIFICATIONS_PATH ? 'page' : undefined}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" focusable="false">
          <path
            d="M8 1.75a4 4 0 0 0-4 4v2.6L2.75 11h10.5L12 8.35v-2.6a4 4 0 0 0-4-4zM6.5 13a1.5 1.5 0 0 0 3 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinejoin="round"
          />
        </svg>
        {badge !== '' && (
          <span className="nav-badge" data-testid="unread-badge">
            {badge}
          </span>
        )}
      </Link>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}

/** Says so, politely, when the count grows while the reader is here (not for the count found on arrival). */
function useNewArrivals(unread: number | null): string {
  const last = useRef<number | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (unread !== null && last.current !== null && unread > last.current) setSaid(notificationsLabel(unread));
    last.current = unread;
  }, [unread]);
  return said;
}
