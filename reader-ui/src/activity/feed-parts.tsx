import { type ReactNode } from 'react';
import { Link } from 'wouter';
import { loginHref } from '../ui/account-urls';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { isAppPath } from './notification-list';
import { NOTIFICATIONS_PATH } from './route';
import { timeAgo } from './words';

export function SignInHint() {
  return (
    <p className="activity-sign-in">
      <Link href={loginHref(NOTIFICATIONS_PATH)}>Log in</Link> to be told of replies to your comments, mentions, new posts in the blogs you follow and changes
      to the sentences you have notes on.
    </p>
  );
}

/** A link to a notification's or an activity's page: the app's own router for its paths. */
export function ItemLink({ url, onFollow, children }: { url: string; onFollow?: () => void; children: ReactNode }) {
  return isAppPath(url) ? (
    <Link href={url} onClick={onFollow}>
      {children}
    </Link>
  ) : (
    <a href={url} onClick={onFollow}>
      {children}
    </a>
  );
}

export function When({ at }: { at: string }) {
  return (
    <time dateTime={machineDate(at)} title={formatShortDateTime(at)}>
      {timeAgo(at)}
    </time>
  );
}
