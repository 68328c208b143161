import { useEffect, useState } from 'react';
import type { SubscriptionsAnswer } from '@epos/schemas/accounts/responses';
import { NOT_FOUND } from '../app/messages';
import type { Loaded } from '../poem/api';
import { getJson } from '../scholarship/api';
import { useToast } from '../ui/toast';
import { accountEndpoints, postForm, SUBSCRIPTIONS_URL } from './api';

/**
 * My account's blog subscriptions: every blog with a box to follow it (a mail for each new post)
 * or stop, so a reader who unsubscribed from a mail can follow the blog again here.
 */
export function SubscriptionsSection() {
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded<SubscriptionsAnswer> | null>(null);
  const [following, setFollowing] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void getJson<SubscriptionsAnswer>(SUBSCRIPTIONS_URL, NOT_FOUND, controller.signal).then((result) => {
      setLoaded(result);
      if (result.ok) setFollowing(new Set(result.data.Csubscribed));
    }, () => undefined);
    return () => controller.abort();
  }, []);

  const mark = (blog: string, follow: boolean) =>
    setFollowing((now) => {
      const next = new Set(now);
      if (follow) next.add(blog);
      else next.delete(blog);
      return next;
    });

  // The box shows the choice at once; a refused change puts it back.
  const toggle = async (blog: string, follow: boolean) => {
    mark(blog, follow);
    setBusy(blog);
    const result = await postForm(accountEndpoints.updateSubscriptions, { UserBlogs: [blog], isSubscribed: follow });
    setBusy(null);
    if (!result.ok) {
      mark(blog, !follow);
      toast(result.error, 'error');
      return;
    }
    toast(follow ? 'You will get a mail for each new post.' : 'You will no longer get mails about this blog.', 'success');
  };

  return (
    <section className="account-section" aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">Blog subscriptions</h2>
      {loaded === null ? (
        <p className="muted">Loading…</p>
      ) : !loaded.ok ? (
        <p className="muted">{loaded.message}</p>
      ) : loaded.data.BlogsDetails.length === 0 ? (
        <p className="muted">There are no blogs yet.</p>
      ) : (
        <fieldset className="subscriptions">
          <legend>A mail for each new post in:</legend>
          {loaded.data.BlogsDetails.map((blog) => (
            <label key={blog.Blogid} className="checkbox-field">
              <input type="checkbox" checked={following.has(blog.Blogid)} disabled={busy === blog.Blogid} onChange={(e) => void toggle(blog.Blogid, e.currentTarget.checked)} />{' '}
              {blog.Blogname}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
