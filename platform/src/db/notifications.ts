import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import { CONNECT_TIMEOUT_MS } from './database.js';
import { OutageLog, reconnectDelay } from './outage.js';

/**
 * One LISTEN connection that wakes waiters when a channel is notified, reconnecting with capped
 * exponential backoff (100 ms to 5 s) when it is lost; a lost connection is logged once, as a
 * warning. Waiters are woken when it is lost and again when it is back, and the reconnect
 * handlers run then: notifications sent meanwhile are gone, so whoever listens catches up by
 * reading once. A generation counter closes the race between "read found nothing" and "start waiting".
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private generation = 0;
  private failures = 0;
  private readonly waiters = new Set<() => void>();
  private readonly payloadHandlers = new Set<(payload: string) => void>();
  private readonly reconnectHandlers = new Set<() => void>();
  private closed = false;
  private readonly outage: OutageLog;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    logger?: Logger,
  ) {
    this.outage = new OutageLog(logger?.child({ channel }), `LISTEN connection on ${channel}`);
  }

  get current(): number {
    return this.generation;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  onPayload(handler: (payload: string) => void): void {
    this.payloadHandlers.add(handler);
  }

  /** Called after a lost connection is back: notifications may have been missed meanwhile. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.add(handler);
  }

  /** Connects; on failure keeps retrying in the background and rejects this first attempt. */
  async start(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    await this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: `epos-listen-${this.channel}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.outage.lost(error ?? new Error('Connection terminated'));
      this.wakeAll();
      this.retryLater();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      this.wakeAll();
      if (message.payload !== undefined) for (const h of this.payloadHandlers) h(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.outage.lost(error);
      this.retryLater();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const wasReconnect = this.failures > 0;
    this.failures = 0;
    this.client = client;
    this.outage.back();
    this.wakeAll();
    if (wasReconnect) for (const h of this.reconnectHandlers) h();
  }

  private retryLater(): void {
    if (this.closed) return;
    const delay = reconnectDelay(this.failures++);
    setTimeout(() => void this.start().catch(() => undefined), delay).unref();
  }

  private wakeAll(): void {
    this.generation++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves on the next notification after `since`, after `timeoutMs`, or on abort. */
  wait(since: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.generation !== since || this.closed || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
