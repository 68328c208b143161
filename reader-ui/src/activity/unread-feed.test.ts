import { describe, expect, it } from 'vitest';
import type { NotificationItem, UnreadAnswer } from './api';
import { NOTIFICATION_STREAM_URL, readUnread, startUnreadFeed, type FeedDeps, type StreamLike } from './unread-feed';

const newest: NotificationItem = { id: '42', kind: 'reply', url: '/blogs/b/p', actor: 'Mira', content: 'Yes', at: '2026-03-05T12:00:00Z', read: false };

/** The browser's EventSource as the feed sees it: events are sent by the test. */
class FakeStream implements StreamLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: string) {
    const event = Object.assign(new Event(type), { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  send(answer: UnreadAnswer) {
    this.readyState = 1;
    this.emit('unread', JSON.stringify(answer));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.emit('error');
  }
}

/** A feed with its stream, its timer and its GETs in the test's hands. */
function harness(options: { eventSource?: boolean; answers?: (UnreadAnswer | 'signed-out' | null)[] } = {}) {
  const streams: FakeStream[] = [];
  const seen: UnreadAnswer[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  let gets = 0;
  const answers = options.answers ?? [];
  const deps: FeedDeps = {
    openStream:
      options.eventSource === false
        ? null
        : (url) => {
            const stream = new FakeStream(url);
            streams.push(stream);
            return stream;
          },
    fetchUnread: () => {
      gets++;
      return Promise.resolve(answers.length > 0 ? answers.shift()! : { unread: 0, newest: null });
    },
    onUnread: (answer) => seen.push(answer),
    setInterval: (run) => {
      timers.set(nextTimer, run);
      return nextTimer++;
    },
    clearInterval: (timer) => timers.delete(timer as number),
    pollMs: 60_000,
  };
  const feed = startUnreadFeed(deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    feed,
    streams,
    seen,
    gets: () => gets,
    polling: () => timers.size > 0,
    /** The poll interval's minute passes. */
    tick: async () => {
      for (const run of [...timers.values()]) run();
      await settle();
    },
    settle,
  };
}

describe('readUnread', () => {
  it('reads an UnreadAnswer from the event text or a parsed body', () => {
    expect(readUnread(JSON.stringify({ unread: 1, newest }))).toEqual({ unread: 1, newest });
    expect(readUnread({ unread: 0, newest: null })).toEqual({ unread: 0, newest: null });
  });

  it('refuses anything else', () => {
    for (const bad of [
      'not json',
      '[]',
      '{"unread":-1,"newest":null}',
      '{"unread":1.5,"newest":null}',
      JSON.stringify({ unread: 1, newest: { ...newest, kind: 'spam' } }),
      JSON.stringify({ unread: 1, newest: { ...newest, id: 'x' } }),
      JSON.stringify({ unread: 1 }),
      null,
    ]) {
      expect(readUnread(bad)).toBeNull();
    }
  });
});

describe('startUnreadFeed', () => {
  it('opens one stream and passes on its unread events, without polling', async () => {
    const h = harness();
    expect(h.streams.map((s) => s.url)).toEqual([NOTIFICATION_STREAM_URL]);
    h.streams[0]!.send({ unread: 0, newest: null });
    h.streams[0]!.send({ unread: 1, newest });
    h.streams[0]!.emit('unread', 'garbage');
    expect(h.seen).toEqual([
      { unread: 0, newest: null },
      { unread: 1, newest },
    ]);
    expect(h.polling()).toBe(false);
    expect(h.gets()).toBe(0);
    h.feed.stop();
    expect(h.streams[0]!.closed).toBe(true);
  });

  it('polls every minute where there is no EventSource, at once first', async () => {
    const h = harness({
      eventSource: false,
      answers: [
        { unread: 2, newest },
        { unread: 3, newest },
      ],
    });
    await h.settle();
    expect(h.gets()).toBe(1);
    await h.tick();
    expect(h.seen.map((a) => a.unread)).toEqual([2, 3]);
    h.feed.stop();
    expect(h.polling()).toBe(false);
  });

  it('costs nothing for a stream that errors and comes back within the minute; polls while it stays down', async () => {
    const h = harness();
    const stream = h.streams[0]!;
    stream.send({ unread: 0, newest: null });
    stream.fail(false); // the browser reconnects by itself
    expect(h.polling()).toBe(true);
    expect(h.gets()).toBe(0);
    stream.send({ unread: 1, newest }); // back: its first event on connect
    expect(h.polling()).toBe(false);
    stream.fail(false);
    await h.tick();
    expect(h.gets()).toBe(1);
    expect(h.streams).toHaveLength(1);
    h.feed.stop();
  });

  it('reads the count at once when the browser closes the stream, polls, and opens it again after a poll that worked', async () => {
    const h = harness({ answers: [null, { unread: 4, newest }] });
    h.streams[0]!.fail(true);
    await h.settle();
    expect(h.gets()).toBe(1);
    expect(h.streams).toHaveLength(1); // that read failed: no new stream yet
    await h.tick();
    expect(h.seen.map((a) => a.unread)).toEqual([4]);
    expect(h.streams).toHaveLength(2);
    // closed again at once: no burst of reads, the minute's poll goes on
    h.streams[1]!.fail(true);
    await h.settle();
    expect(h.gets()).toBe(2);
    expect(h.polling()).toBe(true);
    h.streams[1]!.send({ unread: 5, newest });
    h.feed.stop();
  });

  it('stops polling once the reader is signed out, and passes nothing on after stop', async () => {
    const h = harness({ eventSource: false, answers: ['signed-out'] });
    await h.settle();
    expect(h.polling()).toBe(false);
    const live = harness();
    live.feed.stop();
    live.streams[0]!.send({ unread: 9, newest });
    expect(live.seen).toEqual([]);
  });
});
