import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useMe } from '../ui/session';
import { loginHref } from '../ui/account-urls';
import { GENERIC_ERROR } from '../ui/messages';
import { usePageTitle } from '../ui/use-page-title';
import { appendPage } from '../ui/paging';
import type { Result } from '../ui/http';
import { LinkedText } from '../ui/linked-text';
import { Loading } from '../ui/loading';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { profilePath } from '../ui/account-urls';
import { fetchNotifications, fetchRecents, markRead, type ActivityItem, type NotificationItem } from './api';
import { isAppPath, markedRead, mergeNotifications, newestId } from './notification-list';
import { NOTIFICATIONS_PATH } from './route';
import { unreadAfterMarking, unreadAtom } from './unread-state';
import { activityLine, activityMessages, contentIsTitle, notificationLine, timeAgo } from './words';
import './activity.css';

type Paged<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly items: readonly T[]; readonly page: number; readonly pages: number };

type FetchPage<T> = (page: number, signal: AbortSignal) => Promise<Result<{ items: T[]; page: number; pages: number }>>;

/**
 * A paged list: its first page loaded once the page opens (given up if it closes first), and
 * `loadMore` appending the next through `merge` (a failure is toasted, the list kept).
 */
function usePagedList<T>(fetchPage: FetchPage<T>, merge: (shown: readonly T[], page: readonly T[]) => readonly T[]) {
  const [list, setList] = useState<Paged<T>>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const toast = useToast();

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(1, controller.signal).then(
      (answer) => setList(answer.ok ? { status: 'ready', items: answer.data.items, page: answer.data.page, pages: answer.data.pages } : { status: 'failed' }),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const loadMore = () => {
    if (list.status !== 'ready' || loadingMore) return;
    setLoadingMore(true);
    void fetchPage(list.page + 1, new AbortController().signal).then((answer) => {
      setLoadingMore(false);
      if (!answer.ok) {
        toast(GENERIC_ERROR, 'error');
        return;
      }
      setList((s) => (s.status === 'ready' ? { status: 'ready', items: merge(s.items, answer.data.items), page: answer.data.page, pages: answer.data.pages } : s));
    });
  };

  return { list, setList, loadingMore, loadMore };
}

/** "Load more" under a list with pages left. */
function LoadMore<T>({ list, loadingMore, loadMore }: { list: Paged<T>; loadingMore: boolean; loadMore: () => void }) {
  if (list.status !== 'ready' || list.page >= list.pages) return null;
  return (
    <button type="button" className="button" disabled={loadingMore} onClick={loadMore}>
      Load more
    </button>
  );
}

/** `/notifications`: a signed-in reader's notifications ("For you"), then everyone's recent activity. */
export default function NotificationsPage() {
  const me = useMe();
  usePageTitle('Notifications');
  return (
    <div className="prose activity-page">
      <h1>Notifications</h1>
      {me === null ? <Loading /> : me.loggedIn ? <ForYou /> : <SignInHint />}
      <RecentActivity />
    </div>
  );
}

function SignInHint() {
  return (
    <p className="activity-sign-in">
      <Link href={loginHref(NOTIFICATIONS_PATH)}>Log in</Link> to be told of replies to your comments, mentions, new posts in the blogs you follow and
      changes to the sentences you have notes on.
    </p>
  );
}

/** A link to a notification's or an activity's page: the app's own router for its paths. */
function ItemLink({ url, onFollow, children }: { url: string; onFollow?: () => void; children: ReactNode }) {
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

function When({ at }: { at: string }) {
  return (
    <time dateTime={machineDate(at)} title={formatShortDateTime(at)}>
      {timeAgo(at)}
    </time>
  );
}

function ForYou() {
  const paged = usePagedList(fetchNotifications, mergeNotifications);
  const { list, setList } = paged;
  const [marking, setMarking] = useState(false);
  const live = useAtomValue(unreadAtom);
  const setUnread = useSetAtom(unreadAtom);
  const toast = useToast();

  // Each word from the stream (a new notification, some read elsewhere): the first page again, merged in.
  const seen = useRef(live);
  useEffect(() => {
    if (seen.current === live || live === null) return;
    seen.current = live;
    const controller = new AbortController();
    fetchNotifications(1, controller.signal).then(
      (answer) => {
        if (!answer.ok) return;
        setList((s) => (s.status === 'ready' ? { ...s, items: mergeNotifications(s.items, answer.data.items), pages: Math.max(s.pages, answer.data.pages) } : s));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [live]);

  if (list.status === 'loading') return <Loading />;

  const markAll = async (upTo: string) => {
    setMarking(true);
    const answer = await markRead({ upTo });
    setMarking(false);
    if (!answer.ok) {
      toast(answer.message, 'error');
      return;
    }
    setList((s) => (s.status === 'ready' ? { ...s, items: markedRead(s.items, { upTo }) } : s));
    setUnread(unreadAfterMarking(answer.data.unread));
  };

  const follow = (item: NotificationItem) => {
    if (item.read) return;
    setList((s) => (s.status === 'ready' ? { ...s, items: markedRead(s.items, { id: item.id }) } : s));
    void markRead({ id: item.id }).then((answer) => {
      if (answer.ok) setUnread(unreadAfterMarking(answer.data.unread));
    });
  };

  const items = list.status === 'ready' ? list.items : [];
  const newest = newestId(items);

  return (
    <section className="activity-section" aria-labelledby="for-you-heading">
      <div className="activity-section-head">
        <h2 id="for-you-heading">For you</h2>
        {newest !== null && (
          <SpinnerButton type="button" busy={marking} onClick={() => void markAll(newest)}>
            Mark all as read
          </SpinnerButton>
        )}
      </div>
      {list.status === 'failed' ? (
        <p className="muted">{GENERIC_ERROR}</p>
      ) : items.length === 0 ? (
        <p className="muted">{activityMessages.noNotifications}</p>
      ) : (
        <ul className="activity-list" aria-labelledby="for-you-heading">
          {items.map((item) => (
            <li key={item.id} className={item.read ? 'notification' : 'notification is-unread'} data-testid="notification">
              {!item.read && <span className="unread-tag">Unread</span>}
              <p className="activity-what">
                <ItemLink url={item.url} onFollow={() => follow(item)}>
                  {notificationLine(item)}
                </ItemLink>
                {item.content !== '' && (
                  <span className="activity-content">
                    <LinkedText text={item.content} />
                  </span>
                )}
              </p>
              <p className="activity-when">
                <When at={item.at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <LoadMore {...paged} />
    </section>
  );
}

const activityKey = (item: ActivityItem) => `${item.DateofActivity}|${item.activityType}|${item.url}|${item.user}`;

const appendActivity = (shown: readonly ActivityItem[], page: readonly ActivityItem[]) => appendPage(shown, page, activityKey);

function RecentActivity() {
  const paged = usePagedList(fetchRecents, appendActivity);
  const { list } = paged;

  return (
    <section className="activity-section" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent activity</h2>
      {list.status === 'loading' ? (
        <Loading />
      ) : list.status === 'failed' ? (
        <p className="muted">{GENERIC_ERROR}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">{activityMessages.noActivity}</p>
      ) : (
        <ul className="activity-list" aria-labelledby="recent-heading">
          {list.items.map((item) => (
            <ActivityEntry key={activityKey(item)} item={item} />
          ))}
        </ul>
      )}
      <LoadMore {...paged} />
    </section>
  );
}

/** "Mira published a post: <title>", or "Mira <commented>" over an excerpt of the comment with its sentence links. */
function ActivityEntry({ item }: { item: ActivityItem }) {
  const { who, what } = activityLine(item);
  const excerpt = contentIsTitle[item.activityType] ? '' : item.content.trim();
  return (
    <li className="activity" data-testid="activity">
      <p className="activity-what">
        {who !== null && (item.userId !== null ? <Link href={profilePath(item.userId)}>{who}</Link> : <span>{who}</span>)}
        {who !== null && ' '}
        {contentIsTitle[item.activityType] ? (
          <>
            {what}
            {': '}
            <ItemLink url={item.url}>{item.content.trim() === '' ? item.url : item.content}</ItemLink>
          </>
        ) : (
          <ItemLink url={item.url}>{what}</ItemLink>
        )}
        {excerpt !== '' && (
          <span className="activity-content">
            <LinkedText text={excerpt} />
          </span>
        )}
      </p>
      <p className="activity-when">
        <When at={item.DateofActivity} />
      </p>
    </li>
  );
}
