import { describe, expect, it } from 'vitest';
import { activityLine, activityTypeWords, badgeText, contentIsTitle, notificationKindWords, notificationLine, notificationsLabel, timeAgo } from './words';

describe('activity words', () => {
  it('says every notification kind and activity type in words', () => {
    expect(notificationKindWords).toEqual({
      reply: 'replied to your comment',
      mention: 'mentioned you',
      post: 'new post in a blog you follow',
      'noted-sentence': 'changed a sentence you have notes on',
    });
    expect(Object.values(activityTypeWords).every((words) => /^[a-z][a-z ]+$/.test(words))).toBe(true);
  });

  it('links a title, and shows an excerpt of written text beside the link (where its ||n|| links can be)', () => {
    expect(
      Object.entries(contentIsTitle)
        .filter(([, title]) => title)
        .map(([type]) => type),
    ).toEqual(['post', 'page', 'page-update', 'book']);
    expect(Object.keys(contentIsTitle).sort()).toEqual(Object.keys(activityTypeWords).sort());
  });

  it('says a notification as a line, with or without a name', () => {
    expect(notificationLine({ actor: 'Mira', kind: 'reply' })).toBe('Mira replied to your comment');
    expect(notificationLine({ actor: 'Mira', kind: 'mention' })).toBe('Mira mentioned you');
    expect(notificationLine({ actor: 'Mira', kind: 'post' })).toBe('New post in a blog you follow by Mira');
    expect(notificationLine({ actor: '', kind: 'post' })).toBe('New post in a blog you follow');
    expect(notificationLine({ actor: ' ', kind: 'reply' })).toBe('Someone replied to your comment');
    expect(notificationLine({ actor: '', kind: 'noted-sentence' })).toBe('The editors changed a sentence you have notes on');
  });

  it('names who did it, or says what happened when a tool did', () => {
    expect(activityLine({ user: 'Mira', activityType: 'post' })).toEqual({ who: 'Mira', what: 'published a post' });
    expect(activityLine({ user: '  ', activityType: 'correction' })).toEqual({ who: null, what: 'Corrected a sentence' });
  });

  it('labels the bell with the unread count, and badges only a count above 0', () => {
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(null)).toBe('Notifications');
    expect([badgeText(null), badgeText(0), badgeText(1), badgeText(99), badgeText(100)]).toEqual(['', '', '1', '99', '99+']);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');
  const at = (ms: number) => new Date(now - ms).toISOString();
  const en = { locale: 'en', timeZone: 'UTC' };

  it('says how long ago, up to a week', () => {
    expect(timeAgo(at(0), now, en)).toBe('now');
    expect(timeAgo(at(-5_000), now, en)).toBe('now'); // a server clock a little ahead
    expect(timeAgo(at(45_000), now, en)).toBe('45 seconds ago');
    expect(timeAgo(at(5 * 60_000), now, en)).toBe('5 minutes ago');
    expect(timeAgo(at(3 * 3_600_000), now, en)).toBe('3 hours ago');
    expect(timeAgo(at(30 * 3_600_000), now, en)).toBe('yesterday');
    expect(timeAgo(at(6 * 86_400_000), now, en)).toBe('6 days ago');
  });

  it('gives the date past a week, and what is not a date as it came', () => {
    expect(timeAgo('2026-02-01T10:00:00Z', now, en)).toBe('1st Feb 26');
    expect(timeAgo('soon', now, en)).toBe('soon');
  });
});
