import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { fetchUnread, type UnreadAnswer } from './api';
import { startUnreadFeed } from './unread-feed';

/** The signed-in reader's unread count and newest notification; null while unknown (or signed out). */
export const unreadAtom = atom<UnreadAnswer | null>(null);

/** After the reader marked some read: the count the server answered, the newest notification kept. */
export const unreadAfterMarking =
  (unread: number) =>
  (current: UnreadAnswer | null): UnreadAnswer => ({ unread, newest: current?.newest ?? null });

/**
 * Keeps unreadAtom live for `reader` (their name; null when signed out): one stream per tab while
 * someone is signed in, closed when they sign out. Used once, by the navigation's bell.
 */
export function useUnreadFeed(reader: string | null): void {
  const setUnread = useSetAtom(unreadAtom);
  useEffect(() => {
    if (reader === null) return;
    const feed = startUnreadFeed({
      openStream: typeof EventSource === 'function' ? (url) => new EventSource(url) : null,
      fetchUnread,
      onUnread: setUnread,
      setInterval: (run, ms) => window.setInterval(run, ms),
      clearInterval: (timer) => window.clearInterval(timer as number),
    });
    return () => {
      feed.stop();
      setUnread(null);
    };
  }, [reader, setUnread]);
}
