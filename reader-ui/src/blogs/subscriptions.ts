import { useCallback, useEffect, useState } from 'react';
import { useMe } from '../ui/session';
import { useToast } from '../ui/toast';
import { changeSubscription, fetchSubscriptions, subscriptionChangedText } from '../ui/subscriptions';

export type BlogSubscription =
  | { readonly state: 'unknown' }
  | { readonly state: 'signed-out' }
  | { readonly state: 'ready'; readonly following: boolean; readonly busy: boolean; readonly toggle: () => void }
  | { readonly state: 'failed'; readonly message: string };

/**
 * Whether the signed-in reader follows `blog`, and a toggle that shows the new state at once
 * (a refused change puts it back and says why).
 */
export function useBlogSubscription(blog: string, blogTitle: string): BlogSubscription {
  const me = useMe();
  const toast = useToast();
  const signedIn = me?.loggedIn === true;
  const [loaded, setLoaded] = useState<{ key: string; following: boolean } | { key: string; failed: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = `${me?.userName ?? ''}/${blog}`;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchSubscriptions(controller.signal).then(
      (result) => setLoaded(result.ok ? { key, following: result.data.Csubscribed.includes(blog) } : { key, failed: result.message }),
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, key, blog]);

  const current = loaded?.key === key ? loaded : null;
  const following = current !== null && 'following' in current ? current.following : null;

  const toggle = useCallback(() => {
    if (following === null || busy) return;
    const follow = !following;
    setLoaded({ key, following: follow });
    setBusy(true);
    void changeSubscription(blog, follow).then((result) => {
      setBusy(false);
      if (!result.ok) {
        setLoaded({ key, following: !follow });
        toast(result.message, 'error');
        return;
      }
      toast(subscriptionChangedText(follow, blogTitle), 'success');
    });
  }, [following, busy, key, blog, blogTitle, toast]);

  if (me === null) return { state: 'unknown' };
  if (!signedIn) return { state: 'signed-out' };
  if (current !== null && 'failed' in current) return { state: 'failed', message: current.failed };
  if (following === null) return { state: 'unknown' };
  return { state: 'ready', following, busy, toggle };
}
