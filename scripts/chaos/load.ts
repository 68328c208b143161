import { randomUUID } from 'node:crypto';
import type { SiteClient } from '../testkit/site-client.js';

/** One answer the site gave (status 0: none: refused, reset or timed out). */
export interface Answer {
  /** Milliseconds since the run started, when the answer came. */
  t: number;
  kind: 'read' | 'write';
  path: string;
  status: number;
  /** Served from the answer cache while the database was down (`X-Cache: stale`). */
  stale: boolean;
  /** Asked by the signed-in reader (a read whose session cannot be checked while the database is down). */
  signedIn?: boolean;
  retryAfter: string | null;
  error?: string;
  /** Writes: the request id (the events' correlation id), the note's type and the command's position. */
  requestId?: string;
  rtype?: string;
  position?: string;
}

const READS = ['/api/contents', '/api/contents/1', '/api/blogs', '/api/sbook/1/1/1', '/api/blogs/recent'];
const PAUSE_MS = 20;

/**
 * Closed loops of reads (the cached reading and blog answers: one loop as an anonymous visitor,
 * one as the signed-in reader) and acknowledged writes (the reader saving notes, each with a
 * request id of its own, never retried).
 */
export class Load {
  readonly answers: Answer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private written = 0;

  constructor(
    private readonly visitor: SiteClient,
    private readonly reader: SiteClient,
    private readonly now: () => number,
  ) {}

  start(): void {
    this.running = true;
    this.loops.push(this.readLoop(this.visitor, 0, false), this.readLoop(this.reader, 1, true), this.writeLoop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** `offset`: where in the list of reads the loop starts, so the two loops ask for different answers. */
  private async readLoop(client: SiteClient, offset: number, signedIn: boolean): Promise<void> {
    for (let i = offset; this.running; i++) {
      const path = READS[i % READS.length]!;
      this.answers.push({ ...(await this.ask('read', path, () => client.request('GET', path))), signedIn });
      await pause();
    }
  }

  private async writeLoop(): Promise<void> {
    while (this.running) {
      const requestId = randomUUID();
      const rtype = `chaos-${++this.written}`;
      const answer = await this.ask('write', '/postdata/myNotes', () =>
        this.reader.request('POST', '/postdata/myNotes', {
          body: { Content: `note ${requestId}`, Sentencenumber: 1, Rtype: rtype },
          headers: { 'x-request-id': requestId },
        }),
      );
      this.answers.push({ ...answer, requestId, rtype });
      await pause();
    }
  }

  private async ask(kind: Answer['kind'], path: string, send: () => Promise<Response>): Promise<Answer> {
    try {
      const response = await send();
      await response.arrayBuffer();
      return {
        t: this.now(),
        kind,
        path,
        status: response.status,
        stale: response.headers.get('x-cache') === 'stale',
        retryAfter: response.headers.get('retry-after'),
        ...(response.headers.get('x-position') ? { position: response.headers.get('x-position')! } : {}),
      };
    } catch (error) {
      return { t: this.now(), kind, path, status: 0, stale: false, retryAfter: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
