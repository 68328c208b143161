import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionsAnswer } from '@epos/schemas/accounts/responses';
import { accountEndpoints, postCommand, SUBSCRIPTIONS_URL, type AccountResult } from '../accounts/api';
import { useMe } from '../accounts/session';
import { NOT_FOUND } from '../app/messages';
import { useToast } from '../ui/toast';
import { getJson } from './api';

/** The X-Position of this tab's latest subscription change: later reads see it. */
let lastChange: string | null = null;

/** Follows (a mail for each new post) or stops following one blog: the same call as My account's list. */
export async function changeSubscription(blog: string, follow: boolean): Promise<AccountResult> {
  const outcome = await postCommand(accountEndpoints.updateSubscriptions, { UserBlogs: [blog], isSubscribed: follow });
  if (outcome.result.ok && outcome.position !== null) lastChange = outcome.position;
  return outcome.result;
}

/** What the reader is told after a change. */
export function subscriptionChangedText(follow: boolean, blogTitle: string): string {
  return follow ? `Subscribed: you will get a mail for each new post in ${blogTitle}.` : `Unsubscribed: no more mails about ${blogTitle}.`;
}

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
    const after: Record<string, string> = lastChange === null ? {} : { 'X-Consistent-After': lastChange };
    getJson<SubscriptionsAnswer>(SUBSCRIPTIONS_URL, [NOT_FOUND], controller.signal, after).then(
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
        toast(result.error, 'error');
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
