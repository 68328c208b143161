import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CacheableBody {
  /** Encoded once, so a cached body is sent without re-encoding the text. */
  body: Buffer;
  etag: string;
}

/** A JSON body with its strong ETag. */
export function render(value: unknown): CacheableBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends a JSON body with its ETag, answering 304 to a matching If-None-Match. Shared caches may
 * keep public bodies; browsers revalidate each time (cheap with the ETag).
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, cached: CacheableBody, options: { private?: boolean } = {}): FastifyReply {
  reply.header('etag', cached.etag);
  reply.header('cache-control', `${options.private ? 'private' : 'public'}, max-age=0, must-revalidate`);
  reply.header('vary', 'Cookie');
  const match = request.headers['if-none-match'];
  if (match && (match.trim() === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag))) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
