import type { Readable } from 'node:stream';

/**
 * What the client's subscriptions are: an object-mode Readable that can be cancelled. Servers from
 * 23.10 on tell when the subscription has caught up with the head: the client emits "caughtUp"
 * (and "fellBehind") in stream order, after the events before it were pushed.
 */
export interface CancellableReadable extends Readable {
  unsubscribe(): Promise<void>;
}

export class SubscriptionEndedError extends Error {
  constructor() {
    super('The KurrentDB subscription ended (the server closed it)');
    this.name = 'SubscriptionEndedError';
  }
}

/**
 * What `next()` gives: events; 'caught-up' once each time everything the server sent before its
 * caught-up signal has been handed out; 'idle' once when nothing came for a while and the server
 * gave no such signal (older servers: the caller checks the head itself); null once closed or
 * aborted.
 */
export type Pulled<T> = T[] | 'caught-up' | 'idle' | null;

/**
 * Turns a push-style subscription stream into pulled batches. Holds at most about one batch in
 * memory: past that it pauses the stream, which lets gRPC flow control slow the server down.
 * `next()` rejects when the stream fails or ends by itself (a subscription is meant to run forever).
 */
export class SubscriptionBatches<T> {
  private buffer: T[] = [];
  private failure: { error: unknown } | null = null;
  private ended = false;
  private closed = false;
  /** The server said it caught up (and has not said it fell behind since). */
  private live = false;
  /** A 'caught-up' or 'idle' was handed out since the last events. */
  private reported = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly source: CancellableReadable,
    private readonly batchSize: number,
    private readonly signal?: AbortSignal,
    private readonly idleMs = 250,
  ) {
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
    source.on('data', this.onData);
    source.on('error', this.onError);
    source.on('end', this.onEnd);
    source.on('close', this.onEnd);
    source.on('caughtUp', this.onCaughtUp);
    source.on('fellBehind', this.onFellBehind);
    signal?.addEventListener('abort', this.notify, { once: true });
  }

  async next(): Promise<Pulled<T>> {
    let gathered = false;
    for (;;) {
      if (this.closed || this.signal?.aborted) return null;
      if (this.buffer.length > 0) {
        if (!gathered && this.buffer.length < this.batchSize && !this.ended && !this.failure) {
          // Let events already on their way join this batch (catch-up delivers them back to back).
          gathered = true;
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        const batch = this.buffer.splice(0, this.batchSize);
        if (this.source.isPaused() && this.buffer.length < this.batchSize) this.source.resume();
        this.reported = false;
        return batch;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) throw new SubscriptionEndedError();
      // Events pushed before the caught-up signal may still sit in the stream's own buffer.
      if (this.live && !this.reported && this.source.readableLength === 0) {
        this.reported = true;
        return 'caught-up';
      }
      const woken = await this.sleep(this.live || this.reported ? null : this.idleMs);
      if (!woken && this.buffer.length === 0 && !this.reported && !this.live) {
        this.reported = true;
        return 'idle';
      }
    }
  }

  /** Stops listening and cancels the subscription; safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signal?.removeEventListener('abort', this.notify);
    this.source.off('data', this.onData);
    this.source.off('end', this.onEnd);
    this.source.off('close', this.onEnd);
    this.source.off('caughtUp', this.onCaughtUp);
    this.source.off('fellBehind', this.onFellBehind);
    // The error listener stays: a late error from a cancelled stream must not crash the process.
    this.buffer = [];
    this.notify();
    try {
      await this.source.unsubscribe();
    } catch {
      // The stream never opened or is already gone: nothing left to cancel.
    }
    this.source.destroy();
  }

  /** Resolves true when something happens, false when `timeoutMs` passes first (null: no timeout). */
  private sleep(timeoutMs: number | null): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer =
        timeoutMs === null
          ? null
          : setTimeout(() => {
              this.wake = null;
              resolve(false);
            }, timeoutMs);
      this.wake = () => {
        if (timer) clearTimeout(timer);
        resolve(true);
      };
    });
  }

  private readonly onData = (item: T): void => {
    this.buffer.push(item);
    if (this.buffer.length >= this.batchSize) this.source.pause();
    this.notify();
  };

  private readonly onError = (error: unknown): void => {
    if (this.closed || this.failure) return;
    this.failure = { error };
    this.notify();
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    this.notify();
  };

  private readonly onCaughtUp = (): void => {
    this.live = true;
    this.reported = false; // a fresh signal is worth reporting, even right after an 'idle'
    this.notify();
  };

  private readonly onFellBehind = (): void => {
    this.live = false;
    this.notify();
  };

  private readonly notify = (): void => {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  };
}
