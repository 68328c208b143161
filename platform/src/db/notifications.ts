import pg from 'pg';

/**
 * One LISTEN connection that wakes waiters when a channel is notified.
 * A generation counter closes the race between "read found nothing" and "start waiting".
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private generation = 0;
  private waiters = new Set<() => void>();
  private payloadHandlers = new Set<(payload: string) => void>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
  ) {}

  get current(): number {
    return this.generation;
  }

  onPayload(handler: (payload: string) => void): () => void {
    this.payloadHandlers.add(handler);
    return () => this.payloadHandlers.delete(handler);
  }

  async start(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    await this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: `epos-listen-${this.channel}` });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.wakeAll();
      if (!this.closed) setTimeout(() => void this.start().catch(() => undefined), 500).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      this.wakeAll();
      if (message.payload !== undefined) for (const h of this.payloadHandlers) h(message.payload);
    });
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
    this.wakeAll();
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
