import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
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

/** A body of the given content type with its strong ETag. */
export function renderText(text: string, type: string): CacheableBody {
  const body = Buffer.from(text);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, type };
}

/** JSON text as a body with its strong ETag. */
export const renderJson = (json: string): CacheableBody => renderText(json, JSON_TYPE);

/** A value as a JSON body with its strong ETag. */
export const render = (value: unknown): CacheableBody => renderJson(JSON.stringify(value));

function isRendered(value: unknown): value is CacheableBody {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as Partial<CacheableBody>).body) && typeof (value as Partial<CacheableBody>).etag === 'string';
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

type Encoding = 'br' | 'gzip';

/** Each kept body's compressed forms, made the first time a client asks for one and kept with the body. */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * Marks a body as kept for many requests (in a cache, in memory): only such bodies are sent
 * compressed, so compressing pays once. A body built for one request goes out as it is.
 */
export function kept(cached: CacheableBody): CacheableBody {
  if (!compressedForms.has(cached.body)) compressedForms.set(cached.body, {});
  return cached;
}

function compressed(body: Buffer, encoding: Encoding): Buffer {
  const forms = compressedForms.get(body)!;
  forms[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 9 });
  return forms[encoding];
}

/** The best encoding the client accepts (brotli, then gzip), or null for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
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
const bodyTag = (tag: string) => tag.trim().replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"');

/**
 * Sends a JSON body with its ETag, answering 304 to a matching If-None-Match. A kept body of 1 KiB
 * or more goes out compressed when the client accepts it (brotli, else gzip), compressed once per
 * body, never per request. Shared caches may keep public bodies; browsers revalidate each time
 * (cheap with the ETag).
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, cached: CacheableBody, options: { private?: boolean } = {}): FastifyReply {
  const encoding = cached.body.length >= COMPRESS_FROM_BYTES && compressedForms.has(cached.body) ? acceptedEncoding(request.headers['accept-encoding']) : null;
  reply.header('etag', encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag);
  reply.header('cache-control', `${options.private ? 'private' : 'public'}, max-age=0, must-revalidate`);
  reply.header('vary', 'Cookie, Accept-Encoding');
  // The kept answer while the database is down: as it was when last seen, not checked just now.
  if (cached.stale) reply.header('x-cache', 'stale');
  const match = request.headers['if-none-match'];
  if (match && (match.trim() === '*' || match.split(',').some((tag) => bodyTag(tag) === cached.etag))) return reply.code(304).send();
  if (!encoding) return reply.type(cached.type).send(cached.body);
  return reply.type(cached.type).header('content-encoding', encoding).send(compressed(cached.body, encoding));
}
