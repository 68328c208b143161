import type { ServerResponse } from 'node:http';
import { NotificationListener, parseChangeNotice, type Database } from '@epos/platform';
import { NOTIFICATION_STREAM_EVENT, type UnreadAnswer } from '@epos/schemas';
import { ACTIVITY_CHANGED_CHANNEL } from '@epos/projections/activity/read-model';

const HEARTBEAT_MS = 25_000;

interface Stream {
  response: ServerResponse;
  /** What this stream was last sent: each change is delivered once, and no change sends nothing. */
  lastSent: string;
}

/**
 * Each signed-in reader's open event streams. The activity projection announces which readers'
 * notifications a batch changed; only their streams are asked again, once per batch, and only a
 * changed answer is sent.
 */
export class NotificationStreams {
  private readonly listener: NotificationListener;
  private readonly open = new Map<string, Set<Stream>>();
  private readonly pushing = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    database: Database,
    private readonly unreadOf: (userId: string) => Promise<UnreadAnswer>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.listener = new NotificationListener(database.url, ACTIVITY_CHANGED_CHANNEL, database.logger);
    this.listener.onPayload((payload) => {
      const { scopes } = parseChangeNotice(payload);
      for (const userId of scopes ? [...scopes].filter((s) => this.open.has(s)) : [...this.open.keys()]) void this.push(userId);
    });
    // Changes made while disconnected were not announced: every stream is asked again.
    this.listener.onReconnect(() => [...this.open.keys()].forEach((userId) => void this.push(userId)));
  }

  async start(): Promise<void> {
    this.heartbeat = setInterval(() => this.everyStream((stream) => stream.response.write(': keep-alive\n\n')), HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.listener.start();
  }

  get size(): number {
    let n = 0;
    for (const streams of this.open.values()) n += streams.size;
    return n;
  }

  /** Starts `response` as a reader's event stream and sends what they have now. */
  async add(userId: string, response: ServerResponse): Promise<void> {
    const stream: Stream = { response, lastSent: '' };
    const streams = this.open.get(userId) ?? new Set<Stream>();
    streams.add(stream);
    this.open.set(userId, streams);
    response.on('close', () => {
      streams.delete(stream);
      if (streams.size === 0 && this.open.get(userId) === streams) this.open.delete(userId);
    });
    // A reconnecting browser waits this long before trying again.
    response.write('retry: 5000\n\n');
    await this.push(userId);
  }

  /** Pushes to a reader's streams one answer at a time, so an older answer never follows a newer one. */
  private push(userId: string): Promise<void> {
    const next = (this.pushing.get(userId) ?? Promise.resolve()).then(() => this.send(userId));
    this.pushing.set(userId, next);
    void next.finally(() => this.pushing.get(userId) === next && this.pushing.delete(userId));
    return next;
  }

  private async send(userId: string): Promise<void> {
    try {
      const payload = JSON.stringify(await this.unreadOf(userId));
      for (const stream of this.open.get(userId) ?? []) {
        if (stream.lastSent === payload) continue;
        stream.lastSent = payload;
        stream.response.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${payload}\n\n`);
      }
    } catch (error) {
      this.onError(error);
    }
  }

  private everyStream(action: (stream: Stream) => void): void {
    for (const streams of this.open.values()) for (const stream of streams) action(stream);
  }

  /** Ends every stream (browsers reconnect to another process) and stops listening. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.everyStream((stream) => stream.response.end());
    this.open.clear();
    await this.listener.close();
  }
}
