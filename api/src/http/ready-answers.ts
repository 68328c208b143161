import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Logger } from '@epos/platform';
import type { AccessLog } from './access-log.js';
import { keptBodyCost, type CacheAccount, type MemoryBudget } from './memory-budget.js';
import { answerTakers, encodingFor, notModified, prepareAnswer, stillCurrent, type CacheableBody, type CacheOptions, type Encoding } from './http-cache.js';
import { requestIdFrom } from './request-id.js';
import { CONSISTENT_AFTER_HEADER } from './consistency.js';
import type { SecurityHeaders } from './security-headers.js';

/** An answer's headers, prepared once per encoding and status it was asked for (besides its body, see `keptBodyCost`). */
const PREPARED_HEADERS_BYTES = 2048;
/** Longer URLs (made-up query strings, say) are answered by their routes each time. */
const MAX_URL_LENGTH = 512;

interface Prepared {
  status: number;
  /** Headers as a flat name, value list. */
  head: string[];
  /** The same, ending with a request id's slot (see `answer`). */
  headWithId: string[];
  body: Buffer | null;
}

interface Ready {
  cached: CacheableBody;
  options: CacheOptions;
  current: () => boolean;
  /** Per encoding (as is, br, gzip) and status (200, 304), made on first use. */
  prepared: (Prepared | undefined)[];
}

const costOf = (url: string, cached: CacheableBody) => keptBodyCost(url, cached.body.length) + PREPARED_HEADERS_BYTES;

const FORMS: Record<Encoding | 'none', number> = { none: 0, br: 2, gzip: 4 };

interface FrontHeaders {
  cookie?: string;
  requestId?: string;
  acceptEncoding?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/**
 * The request headers the front door reads, from Node's raw list: building `request.headers`
 * (every name lowercased into an object of varying shape) costs more than answering. Null when
 * the request must go to Fastify: it waits for a position, asks for a range, or repeats a header
 * the front door reads (Fastify knows how each one combines).
 */
function frontHeaders(raw: readonly string[]): FrontHeaders | null {
  const found: FrontHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Only names of these lengths matter: the others are passed over without lowercasing them.
    const length = name.length;
    if (length !== 5 && length !== 6 && length !== 12 && length !== 13 && length !== 15 && length !== 17 && length !== 18) continue;
    const value = raw[i + 1]!;
    switch (name.toLowerCase()) {
      case 'range':
      case CONSISTENT_AFTER_HEADER:
        return null;
      case 'cookie':
        found.cookie = found.cookie === undefined ? value : `${found.cookie}; ${value}`;
        break;
      case 'if-none-match':
        if (found.ifNoneMatch !== undefined) return null;
        found.ifNoneMatch = value;
        break;
      case 'accept-encoding':
        if (found.acceptEncoding !== undefined) return null;
        found.acceptEncoding = value;
        break;
      case 'if-modified-since':
        found.ifModifiedSince = value;
        break;
      case 'x-request-id':
        // A repeated one is no uuid (Node joins them with commas): a new id, as Fastify gives.
        found.requestId = found.requestId === undefined ? value : `${found.requestId}, ${value}`;
        break;
    }
  }
  return found;
}

export interface ReadyAnswersOptions {
  /** Whether a read model was switched to another version since: `switchCount` changes. */
  progress: { readonly switchCount: number };
  /** The process's cache memory: remembered answers are counted in it (a body shared by several URLs counts for each). */
  memory: MemoryBudget;
  securityHeaders: SecurityHeaders;
  accessLog: AccessLog;
  logger: Pick<Logger, 'info' | 'warn'>;
  trustProxy: boolean;
  sessionCookie: string;
}

/**
 * The front door: answers an anonymous GET for a URL whose answer is kept in memory before it
 * reaches Fastify, with headers prepared once per body, encoding and status. A route's cached
 * public answer (`sendCacheable`) is remembered by its URL for as long as its keeper still holds
 * it; built assets are loaded at start. Everything else goes to Fastify: signed-in readers (their
 * answers may differ), reads waiting for a position (`X-Consistent-After`), range requests, and
 * any answer not known to be current. The answer and its headers are those the route sends.
 */
export class ReadyAnswers {
  private readonly answers = new Map<string, Ready>();
  private readonly account: CacheAccount;
  private readonly files = new Map<string, Ready>();
  private closing = false;
  /** A session cookie as the cookie parser reads it (spaces around the name allowed). */
  private readonly session: RegExp;

  constructor(private readonly options: ReadyAnswersOptions) {
    this.session = new RegExp(`(?:^|;)\\s*${options.sessionCookie}\\s*=`);
    this.account = options.memory.account('front door', () => {
      const oldest = this.answers.keys().next();
      if (oldest.done) return false;
      this.forget(oldest.value);
      return true;
    });
  }

  /** A built asset, answered from memory with its precompressed forms. */
  addFile(url: string, cached: CacheableBody): void {
    this.files.set(url, { cached, options: { immutable: true }, current: () => true, prepared: [] });
  }

  /** How many URLs' answers are remembered (built assets aside). */
  get size(): number {
    return this.answers.size;
  }

  /** Once closing, every request goes to Fastify, which answers 503. */
  close(): void {
    this.closing = true;
  }

  /** The HTTP server for Fastify (its `serverFactory`), answering ready answers itself. */
  serverFactory(): FastifyServerFactory {
    return (handler) => {
      const listener: RequestListener = (request, response) => {
        if (!this.answer(request, response)) handler(request, response);
      };
      const server = http.createServer(listener);
      // As Fastify sets up its own server, with its defaults.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    };
  }

  /** Answers the request when it can; else marks it so that its route's public answer is remembered. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (request.method !== 'GET' || this.closing || url === undefined) return false;
    const headers = frontHeaders(request.rawHeaders);
    if (headers === null || (headers.cookie !== undefined && this.session.test(headers.cookie))) return false;
    const file = this.files.get(url);
    // A conditional request by date is left to the file server, which keeps the dates.
    if (file && headers.ifModifiedSince !== undefined && headers.ifNoneMatch === undefined) return false;
    const ready = file ?? this.answers.get(url);
    if (!ready?.current()) {
      if (ready) this.forget(url);
      if (url.length <= MAX_URL_LENGTH) this.offer(request, url);
      return false;
    }
    const encoding = encodingFor(ready.cached, headers.acceptEncoding);
    const unchanged = notModified(ready.cached, headers.ifNoneMatch);
    const form = this.prepared(ready, url, encoding, unchanged);
    // Answered from memory without waiting on anything: never slow, so only failures (none) and the sample are logged.
    const reason = this.options.accessLog.due(form.status, 0);
    // An id names a request's lines in the log (docs/decisions/request-ids-from-memory.md): made for a logged
    // answer, kept when the request brought one, else none.
    const id = reason !== null || headers.requestId !== undefined ? requestIdFrom(headers.requestId) : null;
    if (id === null) response.writeHead(form.status, form.head);
    else {
      // Written synchronously by writeHead, so the shared list's last slot can carry this request's id.
      form.headWithId[form.headWithId.length - 1] = id;
      response.writeHead(form.status, form.headWithId);
    }
    response.end(form.body ?? undefined);
    if (reason !== null && id !== null)
      this.options.accessLog.write(this.options.logger, reason, {
        reqId: id,
        method: 'GET',
        url,
        remoteAddress: this.addressOf(request),
        status: form.status,
        ms: 0,
      });
    return true;
  }

  private offer(request: IncomingMessage, url: string): void {
    const switches = this.options.progress.switchCount;
    answerTakers.set(request, (cached, options) => {
      this.forget(url);
      this.answers.set(url, { cached, options, current: () => this.options.progress.switchCount === switches && stillCurrent(cached), prepared: [] });
      this.sweep();
      // Last: making room may forget older answers.
      this.account.add(costOf(url, cached));
    });
  }

  /**
   * Looks at the two oldest answers at each new one: those no longer current are forgotten (their
   * bodies, dropped by their caches, are not kept alive here), the others go to the back. Every
   * answer is looked at again within about half as many new ones as there are answers.
   */
  private sweep(): void {
    for (let i = 0; i < 2 && this.answers.size > 1; i++) {
      const [url, ready] = this.answers.entries().next().value!;
      this.answers.delete(url);
      if (ready.current()) this.answers.set(url, ready);
      else this.account.remove(costOf(url, ready.cached));
    }
  }

  private forget(url: string): void {
    const ready = this.answers.get(url);
    if (!ready) return;
    this.answers.delete(url);
    this.account.remove(costOf(url, ready.cached));
  }

  private prepared(ready: Ready, url: string, encoding: Encoding | null, unchanged: boolean): Prepared {
    const slot = FORMS[encoding ?? 'none'] + (unchanged ? 1 : 0);
    let form = ready.prepared[slot];
    if (!form) {
      const answer = prepareAnswer(ready.cached, encoding, unchanged, ready.options);
      const length = answer.body ? { 'content-length': String(answer.body.length) } : {};
      const head = Object.entries({ ...this.options.securityHeaders(url.split('?', 1)[0]!), ...answer.headers, ...length }).flat();
      form = { status: answer.status, head, headWithId: [...head, 'x-request-id', ''], body: answer.body };
      ready.prepared[slot] = form;
    }
    return form;
  }

  private addressOf(request: IncomingMessage): string | undefined {
    const forwarded = this.options.trustProxy ? request.headers['x-forwarded-for'] : undefined;
    const first = typeof forwarded === 'string' ? forwarded.split(',', 1)[0]!.trim() : '';
    return first || request.socket.remoteAddress;
  }
}
