import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isCanonicalUrl } from './request-key.js';
import { responseSerializerCompiler } from './response-serializer.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface CacheableBody {
  /** Encoded once, so a cached body is sent without re-encoding the text. */
  body: Buffer;
  etag: string;
  type: string;
  /** Kept from before the database became unavailable, served because it could not be built afresh. */
  stale?: boolean;
}

/** Bytes of the given content type with their strong ETag. */
export const renderBytes = (body: Buffer, type: string): CacheableBody => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, type });

/** A body of the given content type with its strong ETag. */
export const renderText = (text: string, type: string): CacheableBody => renderBytes(Buffer.from(text), type);

/** JSON text as a body with its strong ETag. */
export const renderJson = (json: string): CacheableBody => renderText(json, JSON_TYPE);

/** A value as a JSON body with its strong ETag. */
export const render = (value: unknown): CacheableBody => renderJson(JSON.stringify(value));

function isRendered(value: unknown): value is CacheableBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as Partial<CacheableBody>).body) &&
    typeof (value as Partial<CacheableBody>).etag === 'string'
  );
}

/**
 * Renders answers as Fastify serialises its route's response: with the schema compiled by
 * fast-json-stringify, so a cached body (sent as bytes, which Fastify does not serialise) carries
 * only the schema's fields too. Compiled on first use: most apps (tests, tools) render few answers.
 */
export function answerRenderer<Schema extends z.ZodType>(schema: Schema, route: string): (answer: z.input<Schema>) => CacheableBody {
  let stringify: ((answer: unknown) => string) | undefined;
  return (answer) => {
    stringify ??= responseSerializerCompiler(false)({ schema, method: 'GET', url: route, httpStatus: '200' });
    return renderJson(stringify(answer));
  };
}

/** A value as its route's answer: rendered by the route's response serializer (see `answerRenderer`). */
export const renderAnswer = (reply: FastifyReply, value: unknown): CacheableBody => (isRendered(value) ? value : renderJson(String(reply.serialize(value))));

/** A body to send: as it is when already rendered, else the value as JSON. */
export const asBody = (value: unknown): CacheableBody => (isRendered(value) ? value : render(value));

/** Bodies smaller than this go out as they are: compressing them would save less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

interface KeptForms {
  compressed: Partial<Record<Encoding, Buffer>>;
  /** Encodings being made off the event loop (large bodies). */
  making?: Set<Encoding>;
  /** Whether the body is still the answer to the requests it was kept for; absent when that cannot be told without asking its route. */
  current?: () => boolean;
}

/** Each kept body's compressed forms, made the first time a client asks for one and kept with the body. */
const keptForms = new WeakMap<Buffer, KeptForms>();

/** For bodies that stay the answer for as long as the process runs (the page shell, dictionary entries). */
export const always = (): boolean => true;

/**
 * Marks a body as kept for many requests (in a cache, in memory): only such bodies are sent
 * compressed, so compressing pays once. A body built for one request goes out as it is. With
 * `current` (whether the keeper still holds it as the answer), anonymous requests for the same
 * URL may be answered with it before they reach a route (see `ReadyAnswers`).
 */
export function kept(cached: CacheableBody, current?: () => boolean, compressed: Partial<Record<Encoding, Buffer>> = {}): CacheableBody {
  if (!keptForms.has(cached.body)) keptForms.set(cached.body, current ? { compressed, current } : { compressed });
  return cached;
}

/** Whether `cached` is a kept body that still answers its requests (false for one that cannot tell). */
export function stillCurrent(cached: CacheableBody): boolean {
  const current = keptForms.get(cached.body)?.current;
  return current !== undefined && !cached.stale && current();
}

/** Bodies this large are compressed on libuv's thread pool (a megabyte at brotli 9 takes ~50 ms) and go out as they are meanwhile. */
export const COMPRESS_ASIDE_FROM_BYTES = 64 * 1024;
const BROTLI = (body: Buffer) => ({ params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
const GZIP = { level: 9 };
const brotliAside = promisify(brotliCompress);
const gzipAside = promisify(gzip);

/** Whether `body`'s form in `encoding` is ready; a small one is made now, a large one begun aside. */
function formReady(body: Buffer, encoding: Encoding): boolean {
  const forms = keptForms.get(body)!;
  if (forms.compressed[encoding]) return true;
  if (body.length < COMPRESS_ASIDE_FROM_BYTES) {
    forms.compressed[encoding] = encoding === 'br' ? brotliCompressSync(body, BROTLI(body)) : gzipSync(body, GZIP);
    return true;
  }
  forms.making ??= new Set();
  if (!forms.making.has(encoding)) {
    forms.making.add(encoding);
    void (encoding === 'br' ? brotliAside(body, BROTLI(body)) : gzipAside(body, GZIP)).then(
      (made) => void (forms.compressed[encoding] = made),
      () => forms.making?.delete(encoding),
    );
  }
  return false;
}

/** The bodies being compressed ahead, so that clients asking at once wait for the same work. */
const makingAhead = new WeakMap<Buffer, Promise<void>>();

/**
 * A large body every client downloads compressed (an offline pack), kept with its brotli and gzip
 * forms made now on the thread pool, so the first download is compressed too.
 */
export async function compressedAhead(cached: CacheableBody): Promise<CacheableBody> {
  const forms = keptForms.get(kept(cached).body)!;
  if (forms.compressed.br && forms.compressed.gzip) return cached;
  let making = makingAhead.get(cached.body);
  if (!making) {
    making = Promise.all([brotliAside(cached.body, BROTLI(cached.body)), gzipAside(cached.body, GZIP)]).then(([br, gz]) => {
      forms.compressed.br ??= br;
      forms.compressed.gzip ??= gz;
    });
    makingAhead.set(cached.body, making);
  }
  await making;
  return cached;
}

/** Clients send few distinct Accept-Encoding headers: each is read once. */
const encodingsByHeader = new Map<string, Encoding | null>();
const MAX_REMEMBERED_HEADERS = 1_000;

/** The best encoding the client accepts (brotli, then gzip), or null for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = encodingsByHeader.get(header);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(header);
    if (encodingsByHeader.size >= MAX_REMEMBERED_HEADERS) encodingsByHeader.clear();
    encodingsByHeader.set(header, encoding);
  }
  return encoding;
}

function readAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set(
    header.split(',').flatMap((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return q !== undefined && Number(q) === 0 ? [] : [name!.trim()];
    }),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
}

/** The ETag the client sent back, as the body's own (each encoding's tag is the body's with a suffix). */
const bodyTag = (tag: string) =>
  tag
    .trim()
    .replace(/^W\//, '')
    .replace(/-(?:br|gzip)"$/, '"');

export interface CacheOptions {
  /** Only for the signed-in user it was built for. */
  private?: boolean;
  /** A file whose name changes with its content (a built asset): cached for a year, never revalidated. */
  immutable?: boolean;
  /**
   * Seconds a browser may show its copy while it revalidates in the background: only for answers
   * that no write of the reader's own can change (a read-your-writes read would not see its write).
   */
  staleWhileRevalidate?: number;
}

function cacheControl(options: CacheOptions): string {
  if (options.immutable) return 'public, max-age=31536000, immutable';
  // must-revalidate would forbid showing the stale copy at all.
  const freshness = options.staleWhileRevalidate ? `stale-while-revalidate=${options.staleWhileRevalidate}` : 'must-revalidate';
  return `${options.private ? 'private' : 'public'}, max-age=0, ${freshness}`;
}

/** What answers a request for a cacheable body: its status, headers, and the bytes (none for a 304). */
export interface PreparedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The encoding a kept body of 1 KiB or more goes out in for this client, once that form is made; null: as it is. */
export function encodingFor(cached: CacheableBody, acceptEncoding: string | undefined): Encoding | null {
  if (cached.body.length < COMPRESS_FROM_BYTES || !keptForms.has(cached.body)) return null;
  const encoding = acceptedEncoding(acceptEncoding);
  return encoding && formReady(cached.body, encoding) ? encoding : null;
}

/** Whether the client's If-None-Match names this body (in any encoding). */
export const notModified = (cached: CacheableBody, ifNoneMatch: string | undefined): boolean =>
  ifNoneMatch !== undefined && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bodyTag(tag) === cached.etag));

/**
 * The answer to a request for a cacheable body: its ETag, 304 to a matching If-None-Match, and a
 * kept body of 1 KiB or more compressed when the client accepts it (brotli, else gzip), compressed
 * once per body, never per request. Shared caches may keep public bodies; browsers revalidate each
 * time (cheap with the ETag).
 */
export function prepareAnswer(cached: CacheableBody, encoding: Encoding | null, unchanged: boolean, options: CacheOptions = {}): PreparedAnswer {
  const headers: Record<string, string> = {
    etag: encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag,
    'cache-control': cacheControl(options),
    vary: options.immutable ? 'Accept-Encoding' : 'Cookie, Accept-Encoding',
  };
  // The kept answer while the database is down: as it was when last seen, not checked just now.
  if (cached.stale) headers['x-cache'] = 'stale';
  if (unchanged) return { status: 304, headers, body: null };
  headers['content-type'] = cached.type;
  if (!encoding) return { status: 200, headers, body: cached.body };
  headers['content-encoding'] = encoding;
  return { status: 200, headers, body: keptForms.get(cached.body)!.compressed[encoding]! };
}

/**
 * Set by the front door (`ReadyAnswers`) on a request it could answer next time (an anonymous GET
 * that does not wait for a position): takes the public body that answered it.
 */
export const answerTakers = new WeakMap<IncomingMessage, (cached: CacheableBody, options: CacheOptions) => void>();

/** Sends a cacheable body as `prepareAnswer` says; a public one may answer the same anonymous request next time. */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, cached: CacheableBody, options: CacheOptions = {}): FastifyReply {
  const encoding = encodingFor(cached, request.headers['accept-encoding']);
  const answer = prepareAnswer(cached, encoding, notModified(cached, request.headers['if-none-match']), options);
  // A read with its own limit is counted each time, so it always reaches its route.
  if (!options.private && !request.routeOptions.config.readLimit && stillCurrent(cached) && isCanonicalUrl(request))
    answerTakers.get(request.raw)?.(cached, options);
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}
