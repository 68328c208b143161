import { describe, expect, it } from 'vitest';
import { subscriptionsDecider, type SubscriptionsChangedEvent } from './subscriptions.js';

const changed = (blogs: string[], subscribed: boolean): SubscriptionsChangedEvent => ({ type: 'SubscriptionsChanged', data: { userId: 'u', blogs, subscribed } });
const given = (events: { type: string; data: unknown }[]) => events.reduce((state, event) => subscriptionsDecider.evolve(state, event as SubscriptionsChangedEvent), subscriptionsDecider.initialState);

describe('a reader’s subscriptions', () => {
  it('records only the blogs a change changes, and nothing when it changes none', () => {
    const following = given([{ type: 'UserRegistered', data: {} }, changed(['talk', 'news'], true), { type: 'LoginSucceeded', data: {} }, changed(['news'], false)]);
    expect([...following.followed]).toEqual(['talk']);
    expect(subscriptionsDecider.decide({ userId: 'u', blogs: ['talk'], subscribed: false }, following)).toEqual([changed(['talk'], false)]);
    expect(subscriptionsDecider.decide({ userId: 'u', blogs: ['news'], subscribed: false }, following)).toEqual([]);
    expect(subscriptionsDecider.decide({ userId: 'u', blogs: ['talk', 'talk'], subscribed: true }, following)).toEqual([]);
    expect(subscriptionsDecider.decide({ userId: 'u', blogs: ['talk', 'news', 'news'], subscribed: true }, following)).toEqual([changed(['news'], true)]);
  });

  it('records an unsubscribe link once, however often it is opened', () => {
    const history = [changed(['talk'], true)];
    const first = subscriptionsDecider.decide({ userId: 'u', blogs: ['talk'], subscribed: false }, given(history));
    expect(first).toHaveLength(1);
    expect(subscriptionsDecider.decide({ userId: 'u', blogs: ['talk'], subscribed: false }, given([...history, ...first]))).toEqual([]);
  });
});
