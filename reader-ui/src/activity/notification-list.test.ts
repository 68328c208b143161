import { describe, expect, it } from 'vitest';
import type { NotificationItem } from './api';
import { compareIds, isAppPath, markedRead, mergeNotifications, newestId } from './notification-list';

const item = (id: string, read = false, content = `n${id}`): NotificationItem => ({
  id,
  kind: 'reply',
  url: `/blogs/b/p#${id}`,
  actor: 'Mira',
  content,
  at: '2026-03-05T12:00:00Z',
  read,
});
const ids = (items: readonly NotificationItem[]) => items.map((i) => i.id);

describe('the notifications list', () => {
  it('compares ids as numbers, not text', () => {
    expect(compareIds('10', '9')).toBe(1);
    expect(compareIds('9', '10')).toBe(-1);
    expect(compareIds('9223372036854775807', '9223372036854775806')).toBe(1);
    expect(compareIds('42', '42')).toBe(0);
    expect(compareIds('042', '42')).toBe(0);
    expect(compareIds('not-an-id', '42')).not.toBeNaN(); // a malformed id sorts somewhere, and throws nothing
  });

  it('merges a fresh first page over the loaded pages: new ones on top, fresh copies winning, none twice', () => {
    const shown = [item('30'), item('20'), item('9')];
    const fresh = [item('100'), item('30', true), item('20')];
    const merged = mergeNotifications(shown, fresh);
    expect(ids(merged)).toEqual(['100', '30', '20', '9']);
    expect(merged.find((i) => i.id === '30')!.read).toBe(true);
    expect(ids(mergeNotifications([], []))).toEqual([]);
  });

  it('finds the newest id shown', () => {
    expect(newestId([item('9'), item('10'), item('2')])).toBe('10');
    expect(newestId([])).toBeNull();
  });

  it('marks one, or every one up to an id, read', () => {
    const items = [item('12'), item('10'), item('9', true), item('3')];
    expect(markedRead(items, { id: '10' }).map((i) => i.read)).toEqual([false, true, true, false]);
    expect(markedRead(items, { upTo: '10' }).map((i) => i.read)).toEqual([false, true, true, true]);
    // untouched items are the same objects (React keeps their rows)
    expect(markedRead(items, { id: '10' })[0]).toBe(items[0]);
  });

  it('follows only paths on this site inside the app', () => {
    expect(isAppPath('/blogs/reading-notes/a#c1')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://example.org/')).toBe(false);
  });
});
