import type { FastifyInstance } from 'fastify';

/** An answer of the API's own, as an anonymous reader gets it (through its caches); null when it is not there. */
export async function readOwn<T>(app: FastifyInstance, url: string): Promise<T | null> {
  const response = await app.inject({ method: 'GET', url });
  return response.statusCode === 200 ? response.json<T>() : null;
}
