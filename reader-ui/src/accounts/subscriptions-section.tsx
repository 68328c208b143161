import { useState } from 'react';
import { useLoad } from '../ui/use-load';
import { useToast } from '../ui/toast';
import { changeSubscription, fetchSubscriptions, subscriptionChangedText } from '../ui/subscriptions';

/**
 * My account's blog subscriptions: every blog with a box to follow it (a mail for each new post)
 * or stop, so a reader who unsubscribed from a mail can follow the blog again here.
 */
export function SubscriptionsSection() {
  const toast = useToast();
  const loaded = useLoad('subscriptions', fetchSubscriptions);
  // The reader's changes since the list was read, over what it said.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const mark = (blog: string, follow: boolean) => setChosen((now) => new Map(now).set(blog, follow));

  // The box shows the choice at once; a refused change puts it back.
  const toggle = async (blog: string, title: string, follow: boolean) => {
    mark(blog, follow);
    setBusy(blog);
    const result = await changeSubscription(blog, follow);
    setBusy(null);
    if (!result.ok) {
      mark(blog, !follow);
      toast(result.message, 'error');
      return;
    }
    toast(subscriptionChangedText(follow, title), 'success');
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
              <input
                type="checkbox"
                checked={chosen.get(blog.Blogid) ?? blog.isSubscribed}
                disabled={busy === blog.Blogid}
                onChange={(e) => void toggle(blog.Blogid, blog.Blogname, e.currentTarget.checked)}
              />{' '}
              {blog.Blogname}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
