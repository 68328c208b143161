import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { subscriptionsDecider, type SubscriptionsChangedEvent } from './subscriptions.js';

const changed = (blogs: string[], subscribed: boolean): SubscriptionsChangedEvent => ({
  type: 'SubscriptionsChanged',
  data: { userId: 'u', blogs, subscribed },
});
/** Another event of the reader's stream, which the decider passes by. */
const other = (type: string) => ({ type, data: {} }) as SubscriptionsChangedEvent;
const spec = deciderSpec(subscriptionsDecider);

describe('a reader’s subscriptions', () => {
  it('records only the blogs a change changes, and nothing when it changes none', () => {
    const following = spec.given([other('UserRegistered'), changed(['talk', 'news'], true), other('LoginSucceeded'), changed(['news'], false)]);
    expect([...following.state().followed]).toEqual(['talk']);
    following.when({ userId: 'u', blogs: ['talk'], subscribed: false }).then([changed(['talk'], false)]);
    following.when({ userId: 'u', blogs: ['news'], subscribed: false }).thenNothing();
    following.when({ userId: 'u', blogs: ['talk', 'talk'], subscribed: true }).thenNothing();
    following.when({ userId: 'u', blogs: ['talk', 'news', 'news'], subscribed: true }).then([changed(['news'], true)]);
  });

  it('records an unsubscribe link once, however often it is opened', () => {
    const history = [changed(['talk'], true)];
    const first = spec
      .given(history)
      .when({ userId: 'u', blogs: ['talk'], subscribed: false })
      .events();
    expect(first).toHaveLength(1);
    spec
      .given([...history, ...first])
      .when({ userId: 'u', blogs: ['talk'], subscribed: false })
      .thenNothing();
  });
});
