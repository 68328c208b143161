import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PostingRate } from '@epos/schemas/blogs/responses';
import { loginHref } from '../ui/account-urls';
import { postingRateBasis, postingRateLabel } from './posting-rate';
import { useBlogSubscription } from './subscriptions';

/**
 * Subscribe / Unsubscribe for a blog (on its page and on each of its posts), with how many posts a
 * month to expect. Readers who are not signed in get a sign-in link that comes back here.
 */
export function SubscribeControl({ blog, blogTitle, rate }: { blog: string; blogTitle: string; rate: PostingRate }) {
  const subscription = useBlogSubscription(blog, blogTitle);
  const [location] = useLocation();
  const search = useSearch();
  const rateId = useId();
  const here = search === '' ? location : `${location}?${search}`;

  return (
    <div className="blog-subscribe" data-testid="blog-subscribe">
      {subscription.state === 'ready' && (
        <button
          type="button"
          className={subscription.following ? 'button' : 'button button-primary'}
          aria-describedby={rateId}
          aria-disabled={subscription.busy || undefined}
          onClick={subscription.toggle}
          data-testid="subscribe-button"
        >
          {subscription.following ? 'Unsubscribe' : 'Subscribe'}
          <span className="visually-hidden">{subscription.following ? ` from ${blogTitle}` : ` to ${blogTitle}`}</span>
        </button>
      )}
      {/* the button's room, kept while it is not known who reads (as on a page the server rendered), so nothing moves when it shows */}
      {subscription.state === 'unknown' && (
        <span className="button subscribe-pending" aria-hidden="true">
          Subscribe
        </span>
      )}
      {subscription.state === 'signed-out' && (
        <Link href={loginHref(here)} className="button" aria-describedby={rateId}>
          Sign in to subscribe
        </Link>
      )}
      {subscription.state === 'failed' && <span className="muted">{subscription.message}</span>}
      <p id={rateId} className="blog-rate" data-testid="posting-rate">
        {postingRateLabel(rate)} <span className="muted">({postingRateBasis(rate)})</span>
      </p>
    </div>
  );
}
