import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { GENERIC_ERROR } from '../ui/messages';
import { LinkedText } from '../ui/linked-text';
import { Loading } from '../ui/loading';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { fetchNotifications, markRead, type NotificationItem } from './api';
import { markedRead, mergeNotifications, newestId } from './notification-list';
import { unreadAfterMarking, unreadAtom } from './unread-state';
import { activityMessages, notificationLine } from './words';
import { useFeedPages, LoadMore } from './feed-pages';
import { ItemLink, When } from './feed-parts';

/** The signed-in reader's notifications, newest first, each marked read when followed, with "Mark all as read". */
export function ForYou() {
  const paged = useFeedPages(fetchNotifications, mergeNotifications);
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
        setList((s) =>
          s.status === 'ready' ? { ...s, items: mergeNotifications(s.items, answer.data.items), pages: Math.max(s.pages, answer.data.pages) } : s,
        );
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
