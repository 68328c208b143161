import { useEffect, useState } from 'react';
import { useMe } from '../ui/session';
import { fetchMyBlogs, type MyBlog } from './api';
import { blogMessages } from '@epos/schemas/blogs/messages';

/** Recent posts load this long after a blog's list, comments this long after their post (spec section 9). */
export const FOLLOW_UP_DELAY_MS = 500;

const myBlogsCache = new Map<string, Promise<readonly MyBlog[]>>();

/**
 * The blogs the signed-in user may write in (GET /postdata/myblogs), once per user and
 * visit; none while the session is unknown or for visitors.
 */
export function useMyBlogs(): readonly MyBlog[] {
  const me = useMe();
  const who = me?.loggedIn ? (me.userName ?? '(signed in)') : null;
  const [loaded, setLoaded] = useState<{ who: string; blogs: readonly MyBlog[] } | null>(null);

  useEffect(() => {
    if (who === null) return;
    let live = true;
    let request = myBlogsCache.get(who);
    if (request === undefined) {
      request = fetchMyBlogs();
      myBlogsCache.set(who, request);
    }
    void request.then((blogs) => {
      if (blogs.length === 0) myBlogsCache.delete(who); // nothing, or a failure: ask again next time
      if (live) setLoaded({ who, blogs });
    });
    return () => {
      live = false;
    };
  }, [who]);

  return who !== null && loaded?.who === who ? loaded.blogs : [];
}

/** Whether the message is the "nothing here yet" 404 of a blog without posts. */
export function isEmptyBlog(message: string): boolean {
  return message === blogMessages.noBlogsToShow;
}
