import type { ServerResponse } from 'node:http';
import { NotificationListener, parseChangeNotice, type Database } from '@epos/platform';
import { NOTIFICATION_STREAM_EVENT, type UnreadAnswer } from '@epos/schemas';
import { ACTIVITY_CHANGED_CHANNEL } from '@epos/projections/activity/read-model';
import { HttpError } from '../http/error-handler.js';

const HEARTBEAT_MS = 25_000;
/** What a refused reader is told to wait: a slot frees when another stream closes, and the reader app polls meanwhile. */
const STREAM_RETRY_AFTER_S = 60;

/** Who holds a stream: the reader, the session it belongs to, and the address it came from. */
export interface StreamHolder {
  userId: string;
  sessionHash: string;
  address: string;
}

/** How many streams may be open at once in one API process. */
export interface StreamCaps {
  perSession: number;
  perAddress: number;
  perProcess: number;
}

interface Stream extends StreamHolder {
  response: ServerResponse;
  /** What this stream was last sent: each change is delivered once, and no change sends nothing. */
  lastSent: string;
}

/** How many streams each key holds. */
class Counts {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, by: 1 | -1): void {
    const n = this.of(key) + by;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

const refusal = (what: string, max: number, yours: boolean) =>
  new HttpError(
    429,
    'too_many_requests',
    `Too many notification streams open ${what} (at most ${max}). ${yours ? 'Close this site in another tab or window, or wait' : 'Please wait'} ${STREAM_RETRY_AFTER_S} seconds and try again.`,
    { 'retry-after': String(STREAM_RETRY_AFTER_S) },
  );

/**
 * Each signed-in reader's open event streams, by reader, session and address, within their caps.
 * The activity projection announces which readers' notifications a batch changed; only their
 * streams are asked again, once per batch, and only a changed answer is sent. A stream ends with
 * its session (the security hooks end it: accounts/security.ts).
 */
export class NotificationStreams {
  private readonly listener: NotificationListener;
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly perSession = new Counts();
  private readonly perAddress = new Counts();
  private total = 0;
  private readonly pushing = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    database: Database,
    private readonly caps: StreamCaps,
    private readonly unreadOf: (userId: string) => Promise<UnreadAnswer>,
    /** Which of these sessions are live now, read from the database. */
    private readonly liveSessions: (hashes: readonly string[]) => Promise<ReadonlySet<string>>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.listener = new NotificationListener(database.url, ACTIVITY_CHANGED_CHANNEL, database.logger);
    this.listener.onPayload((payload) => {
      const { scopes } = parseChangeNotice(payload);
      for (const userId of scopes ? [...scopes].filter((s) => this.byUser.has(s)) : [...this.byUser.keys()]) void this.push(userId);
    });
    // Changes made while disconnected were not announced: every stream is asked again.
    this.listener.onReconnect(() => [...this.byUser.keys()].forEach((userId) => void this.push(userId)));
  }

  async start(): Promise<void> {
    this.heartbeat = setInterval(() => this.everyStream((stream) => stream.response.write(': keep-alive\n\n')), HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.listener.start();
  }

  get size(): number {
    return this.total;
  }

  /** 429, naming the cap, when `holder` may not open another stream now; the session's cap is checked first. */
  checkRoom(holder: StreamHolder): void {
    const { perSession, perAddress, perProcess } = this.caps;
    if (this.perSession.of(holder.sessionHash) >= perSession) throw refusal('in this session', perSession, true);
    if (this.perAddress.of(holder.address) >= perAddress) throw refusal('from your address', perAddress, true);
    if (this.total >= perProcess) throw refusal('on this server', perProcess, false);
  }

  /** Starts `response` as `holder`'s event stream and sends what they have now; `checkRoom` first, with no wait between. */
  async add(holder: StreamHolder, response: ServerResponse): Promise<void> {
    const stream: Stream = { ...holder, response, lastSent: '' };
    const streams = this.byUser.get(holder.userId) ?? new Set<Stream>();
    streams.add(stream);
    this.byUser.set(holder.userId, streams);
    this.count(stream, 1);
    response.once('close', () => {
      streams.delete(stream);
      this.count(stream, -1);
      if (streams.size === 0 && this.byUser.get(holder.userId) === streams) this.byUser.delete(holder.userId);
    });
    // A reconnecting browser waits this long before trying again.
    response.write('retry: 5000\n\n');
    await this.push(holder.userId);
  }

  private count(stream: Stream, by: 1 | -1): void {
    this.perSession.add(stream.sessionHash, by);
    this.perAddress.add(stream.address, by);
    this.total += by;
  }

  /** Pushes to a reader's streams one answer at a time, so an older answer never follows a newer one. */
  private push(userId: string): Promise<void> {
    const next = (this.pushing.get(userId) ?? Promise.resolve()).then(() => this.send(userId));
    this.pushing.set(userId, next);
    void next.finally(() => this.pushing.get(userId) === next && this.pushing.delete(userId));
    return next;
  }

  private async send(userId: string): Promise<void> {
    const streams = [...(this.byUser.get(userId) ?? [])];
    if (streams.length === 0) return;
    try {
      // Asked with the answer, after the change was committed: a session ended before it is sent nothing,
      // however late its end is heard here.
      const [answer, live] = await Promise.all([this.unreadOf(userId), this.liveSessions([...new Set(streams.map((s) => s.sessionHash))])]);
      const payload = JSON.stringify(answer);
      for (const stream of streams) {
        if (stream.response.writableEnded) continue;
        if (!live.has(stream.sessionHash)) {
          stream.response.end();
          continue;
        }
        if (stream.lastSent === payload) continue;
        stream.lastSent = payload;
        stream.response.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${payload}\n\n`);
      }
    } catch (error) {
      this.onError(error);
    }
  }

  private everyStream(action: (stream: Stream) => void): void {
    for (const streams of this.byUser.values()) for (const stream of streams) if (!stream.response.writableEnded) action(stream);
  }

  /** Ends every stream (browsers reconnect to another process) and stops listening. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.everyStream((stream) => stream.response.end());
    this.byUser.clear();
    await this.listener.close();
  }
}
