import type { NotificationItem, NotificationKind, UnreadAnswer } from '@epos/schemas/activity/answers';
import { NOTIFICATION_STREAM_EVENT } from '@epos/schemas/activity/messages';
import { notificationKinds } from './words';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';
/** How often the count is read when there is no working stream. */
const POLL_MS = 60_000;

/** EventSource.CLOSED: the browser has given up (an error status, a refused type) and will not reconnect. */
const CLOSED = 2;

/** The part of EventSource the feed uses. */
export interface StreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface FeedDeps {
  /** Opens the stream; null where the browser has no EventSource. */
  readonly openStream: ((url: string) => StreamLike) | null;
  /** GET /api/notifications/unread: the answer, 'signed-out' on 401, null for any other failure. */
  readonly fetchUnread: () => Promise<UnreadAnswer | 'signed-out' | null>;
  readonly onUnread: (answer: UnreadAnswer) => void;
  readonly setInterval: (run: () => void, ms: number) => unknown;
  readonly clearInterval: (timer: unknown) => void;
  readonly pollMs?: number;
}

export interface Feed {
  stop(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readItem(value: unknown): NotificationItem | null {
  if (!isRecord(value)) return null;
  const { id, kind, url, actor, content, at, read } = value;
  if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) return null;
  if (typeof kind !== 'string' || !notificationKinds.includes(kind as NotificationKind)) return null;
  if (typeof url !== 'string' || typeof actor !== 'string' || typeof content !== 'string' || typeof at !== 'string' || typeof read !== 'boolean') return null;
  return { id, kind: kind as NotificationKind, url, actor, content, at, read };
}

/** An UnreadAnswer from a stream event's data (JSON text) or a GET's body; null when it is not one. */
export function readUnread(data: unknown): UnreadAnswer | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || typeof value.unread !== 'number' || !Number.isInteger(value.unread) || value.unread < 0) return null;
  if (value.newest === null) return { unread: value.unread, newest: null };
  const newest = readItem(value.newest);
  return newest === null ? null : { unread: value.unread, newest };
}

/**
 * The signed-in reader's unread count, live: one event stream, whose `unread` events (one on connect,
 * one per change) are passed on. Without EventSource, or while the stream is down, the count is read
 * every `pollMs` instead: a stream that errors and comes back within that time costs no request; one
 * the browser has closed for good is read at once, then polled, and opened again after a poll that
 * worked (at most once a poll). A 401 ends polling: the reader is no longer signed in.
 */
export function startUnreadFeed(deps: FeedDeps): Feed {
  const pollMs = deps.pollMs ?? POLL_MS;
  let stopped = false;
  let stream: StreamLike | null = null;
  let timer: unknown = null;

  const stopPolling = () => {
    if (timer === null) return;
    deps.clearInterval(timer);
    timer = null;
  };

  const poll = () => {
    void deps.fetchUnread().then(
      (answer) => {
        if (stopped) return;
        if (answer === 'signed-out') {
          stopPolling();
          return;
        }
        if (answer === null) return;
        deps.onUnread(answer);
        if (stream === null) openStream();
      },
      () => undefined,
    );
  };

  const startPolling = (now: boolean) => {
    if (timer !== null || stopped) return;
    if (now) poll();
    timer = deps.setInterval(poll, pollMs);
  };

  function openStream() {
    if (deps.openStream === null || stopped) return;
    const opened = deps.openStream(NOTIFICATION_STREAM_URL);
    stream = opened;
    opened.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
      if (stopped || stream !== opened) return;
      const answer = readUnread((event as MessageEvent).data);
      if (answer === null) return;
      stopPolling();
      deps.onUnread(answer);
    });
    opened.addEventListener('error', () => {
      if (stopped || stream !== opened) return;
      if (opened.readyState === CLOSED) {
        stream = null;
        startPolling(true);
      } else {
        startPolling(false);
      }
    });
  }

  if (deps.openStream === null) startPolling(true);
  else openStream();

  return {
    stop() {
      stopped = true;
      stream?.close();
      stream = null;
      stopPolling();
    },
  };
}
