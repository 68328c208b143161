import { createHash } from 'node:crypto';
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

/**
 * Sends a JSON body with its ETag, answering 304 to a matching If-None-Match. Shared caches may
 * keep public bodies; browsers revalidate each time (cheap with the ETag).
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, cached: CacheableBody, options: { private?: boolean } = {}): FastifyReply {
  reply.header('etag', cached.etag);
  reply.header('cache-control', `${options.private ? 'private' : 'public'}, max-age=0, must-revalidate`);
  reply.header('vary', 'Cookie');
  // The kept answer while the database is down: as it was when last seen, not checked just now.
  if (cached.stale) reply.header('x-cache', 'stale');
  const match = request.headers['if-none-match'];
  if (match && (match.trim() === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag))) return reply.code(304).send();
  return reply.type(cached.type).send(cached.body);
}
