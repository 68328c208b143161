import type { SubscriptionsAnswer } from '@epos/schemas/accounts/responses';
import { postCommand, type Done } from './command';
import { getJson, type Result } from './http';

/**
 * A reader's blog subscriptions (a mail for each new post), changed from a blog's page and from My
 * account: the account calls of the same names.
 */
const subscriptionsApi = {
  /** GET: every blog, and which of them the logged-in reader follows. */
  list: '/postdata/getSubscription',
  update: '/postdata/updateSubscriptions',
} as const;

/** The X-Position of this tab's latest subscription change: later reads see it. */
let lastChange: string | null = null;
/** A change still on its way: a read started meanwhile (the reader moved on at once) waits for it. */
let changing: Promise<unknown> = Promise.resolve();

export async function fetchSubscriptions(signal?: AbortSignal): Promise<Result<SubscriptionsAnswer>> {
  await changing;
  return getJson<SubscriptionsAnswer>(subscriptionsApi.list, { signal, after: lastChange });
}

/** Follows or stops following one blog. */
export function changeSubscription(blog: string, follow: boolean): Promise<Result<Done>> {
  const sent = postCommand(subscriptionsApi.update, { UserBlogs: [blog], isSubscribed: follow }).then((result) => {
    if (result.ok && result.position !== null) lastChange = result.position;
    return result;
  });
  changing = sent.catch(() => undefined);
  return sent;
}

/** What the reader is told after a change. */
export function subscriptionChangedText(follow: boolean, blogTitle: string): string {
  return follow ? `Subscribed: you will get a mail for each new post in ${blogTitle}.` : `Unsubscribed: no more mails about ${blogTitle}.`;
}
