import type { Decider } from '../decider.js';

export interface SubscriptionsChangedEvent {
  type: 'SubscriptionsChanged';
  data: { userId: string; blogs: string[]; subscribed: boolean };
}

/** Follow (mail about each new post) or stop following some blogs. */
export interface ChangeSubscriptions {
  userId: string;
  blogs: readonly string[];
  subscribed: boolean;
}

/** The blogs a reader follows, as their stream says. */
export interface Subscriptions {
  followed: ReadonlySet<string>;
}

/**
 * A reader's subscriptions, decided on their own stream: an event names only the blogs it changes,
 * and a change that changes nothing (an unsubscribe link opened again, the same form sent twice)
 * records nothing, however often it comes.
 */
export const subscriptionsDecider: Decider<ChangeSubscriptions, SubscriptionsChangedEvent, Subscriptions> = {
  initialState: { followed: new Set() },
  evolve(state, event) {
    // A reader's stream holds their other events too (registration, logins, roles…).
    if (event.type !== 'SubscriptionsChanged') return state;
    const followed = new Set(state.followed);
    for (const blog of event.data.blogs) {
      if (event.data.subscribed) followed.add(blog);
      else followed.delete(blog);
    }
    return { followed };
  },
  decide({ userId, blogs, subscribed }, state) {
    const changed = [...new Set(blogs)].filter((blog) => state.followed.has(blog) !== subscribed);
    return changed.length === 0 ? [] : [{ type: 'SubscriptionsChanged', data: { userId, blogs: changed, subscribed } }];
  },
};
