import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CacheableBody {
  body: Buffer;
  etag: string;
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
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
