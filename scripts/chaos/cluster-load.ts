/**
 * The chaos run's mixed load, through the proxy: anonymous visitors reading (sections, sentences,
 * blogs, feeds, search), the reader saving notes and commenting on the blogger's posts, the
 * blogger posting now or a few seconds ahead, the admin editing sentences and translations. Each
 * write carries an X-Request-Id of its own (its events' correlation id) and is never retried.
 */
import { randomUUID } from 'node:crypto';
import { PROXY_ERROR_HEADER, UPSTREAM_HEADER } from '../testkit/round-robin-proxy.js';
import type { SiteClient } from '../testkit/site-client.js';

export type Actor = 'visitor' | 'reader' | 'blogger' | 'admin';
export type Command = 'note' | 'comment' | 'post' | 'scheduled-post' | 'sentence-edit' | 'translation';

export interface ChaosAnswer {
  /** Date.now() when the answer came. */
  at: number;
  actor: Actor;
  /** Writes only. */
  command?: Command;
  method: 'GET' | 'POST';
  path: string;
  /** 0: no answer at all (refused, reset, timed out). */
  status: number;
  retryAfter: string | null;
  /** The API process that answered (the proxy's header). */
  upstream: string | null;
  /** Set when the proxy answered 502 itself: its target failed mid-request. */
  proxyError: string | null;
  error?: string;
  /** The start of the body of an answer ≥ 500, or of a refused write. */
  detail?: string;
  /** Writes: the events' correlation id. */
  requestId?: string;
  /** Writes: the position of the command's last event. */
  position?: string;
  /** Posts: the post's id; scheduled ones also when it is due. */
  postId?: string;
  publishAt?: string;
  /** Comments: the post commented on. */
  onPost?: string;
}

export interface LoadClients {
  visitors: SiteClient[];
  reader: SiteClient;
  blogger: SiteClient;
  admin: SiteClient;
}

interface LoadOptions {
  random: () => number;
  /** The blog the blogger writes in, and the one the visitors read the feed of. */
  blog: string;
  /** How far ahead scheduled posts fall due. */
  scheduleAheadMs: readonly [number, number];
  pauseMs: number;
}

const SENTENCES = 40;

export class ClusterLoad {
  readonly answers: ChaosAnswer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  /** Published posts the reader may comment on, with the position that makes them readable. */
  private readonly published: { postId: string; position: string }[] = [];
  private written = 0;

  constructor(
    private readonly clients: LoadClients,
    private readonly options: LoadOptions,
  ) {}

  start(): void {
    this.running = true;
    this.loops = [
      ...this.clients.visitors.map((v, i) => this.loop(() => this.read(v, i))),
      this.loop(() => this.readerWrites()),
      this.loop(() => this.bloggerWrites()),
      this.loop(() => this.adminWrites()),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(step: () => Promise<void>): Promise<void> {
    while (this.running) {
      await step();
      await new Promise((r) => setTimeout(r, this.options.pauseMs));
    }
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.options.random() * items.length)]!;
  }

  private sentence(): number {
    return 1 + Math.floor(this.options.random() * SENTENCES);
  }

  private async read(visitor: SiteClient, offset: number): Promise<void> {
    const { blog } = this.options;
    const reads = [
      '/api/contents',
      '/api/contents/1',
      `/api/sbook/1/1/${1 + ((offset + this.written) % 5)}`,
      '/api/blogs',
      '/api/blogs/recent',
      `/api/blogs/${blog}`,
      `/api/blogs/${blog}/feed`,
      `/api/blogs/${blog}/feed?format=atom`,
      `/api/v2/search?q=${this.pick(['light', 'night', 'dawn', 'chaos'])}`,
    ];
    await this.send(visitor, 'visitor', 'GET', this.pick(reads));
  }

  private async readerWrites(): Promise<void> {
    const { reader } = this.clients;
    const n = ++this.written;
    if (this.published.length > 0 && this.options.random() < 0.5) {
      const post = this.pick(this.published);
      await this.send(
        reader,
        'reader',
        'POST',
        `/postdata/comment/${post.postId}`,
        { cm: `chaos comment ${n}` },
        { command: 'comment', onPost: post.postId, consistentAfter: post.position },
      );
    } else {
      await this.send(
        reader,
        'reader',
        'POST',
        '/postdata/myNotes',
        { Content: `chaos note ${n}`, Sentencenumber: this.sentence(), Rtype: `chaos-${n}` },
        { command: 'note' },
      );
    }
  }

  private async bloggerWrites(): Promise<void> {
    const n = ++this.written;
    const post = { blog_id: this.options.blog, title: `Chaos post ${n}`, series_title: 'Chaos', md_content: `Written under chaos, number ${n}.` };
    if (this.options.random() < 0.5) {
      const answer = await this.send(this.clients.blogger, 'blogger', 'POST', '/postdata/create', { ...post, status: 0 }, { command: 'post' });
      if (answer.postId && answer.position) this.published.push({ postId: answer.postId, position: answer.position });
    } else {
      const [least, most] = this.options.scheduleAheadMs;
      // Whole seconds: the moment the site stores is the one asked for.
      const publishAt = new Date(Math.ceil((Date.now() + least + this.options.random() * (most - least)) / 1000) * 1000).toISOString();
      await this.send(
        this.clients.blogger,
        'blogger',
        'POST',
        '/postdata/create',
        { ...post, status: 1, published_at: publishAt },
        { command: 'scheduled-post', publishAt },
      );
    }
  }

  private async adminWrites(): Promise<void> {
    const n = ++this.written;
    const { admin } = this.clients;
    if (this.options.random() < 0.5) {
      await this.send(
        admin,
        'admin',
        'POST',
        '/postdata/updatePoem',
        { Key: 'reason', Content: `chaos reason ${n}`, id: this.sentence() },
        { command: 'sentence-edit' },
      );
    } else {
      await this.send(
        admin,
        'admin',
        'POST',
        `/postdata/utranslations/${this.pick(['fr', 'de', 'hi'])}`,
        { SentenceNumber: this.sentence(), Translated: `chaos translation ${n}` },
        { command: 'translation' },
      );
    }
  }

  private async send(
    client: SiteClient,
    actor: Actor,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    write: { command: Command; publishAt?: string; onPost?: string; consistentAfter?: string } | null = null,
  ): Promise<ChaosAnswer> {
    const requestId = write ? randomUUID() : undefined;
    const headers: Record<string, string> = {};
    if (requestId) headers['x-request-id'] = requestId;
    if (write?.consistentAfter) headers['x-consistent-after'] = write.consistentAfter;
    const base = {
      actor,
      method,
      path,
      ...(write ? { command: write.command, requestId } : {}),
      ...(write?.publishAt ? { publishAt: write.publishAt } : {}),
      ...(write?.onPost ? { onPost: write.onPost } : {}),
    };
    let answer: ChaosAnswer;
    try {
      const response = await client.request(method, path, { ...(body !== undefined ? { body } : {}), headers });
      const text = await response.text();
      const position = response.headers.get('x-position');
      const postId = write && response.ok && path === '/postdata/create' ? (JSON.parse(text) as { id?: string }).id : undefined;
      answer = {
        ...base,
        at: Date.now(),
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        upstream: response.headers.get(UPSTREAM_HEADER),
        proxyError: response.headers.get(PROXY_ERROR_HEADER),
        ...(position ? { position } : {}),
        ...(postId ? { postId } : {}),
        ...(response.status >= 500 || (write && response.status >= 400) ? { detail: text.slice(0, 300) } : {}),
      };
    } catch (error) {
      answer = {
        ...base,
        at: Date.now(),
        status: 0,
        retryAfter: null,
        upstream: null,
        proxyError: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    this.answers.push(answer);
    return answer;
  }
}
