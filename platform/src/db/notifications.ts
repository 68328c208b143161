import pg from 'pg';

const MAX_RECONNECT_DELAY_MS = 10_000;

/**
 * One LISTEN connection that wakes waiters when a channel is notified, reconnecting with
 * backoff when it is lost. A generation counter closes the race between "read found nothing"
 * and "start waiting".
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

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

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
    const client = new pg.Client({ connectionString: this.url, application_name: `epos-listen-${this.channel}` });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.onError(error);
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
      this.onError(error);
      this.retryLater();
      throw error;
    }
    const wasReconnect = this.failures > 0;
    this.failures = 0;
    this.client = client;
    this.wakeAll();
    if (wasReconnect) for (const h of this.reconnectHandlers) h();
  }

  private retryLater(): void {
    if (this.closed) return;
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** this.failures++);
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
