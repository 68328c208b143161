import type { FastifyRequest } from 'fastify';

/**
 * What a cached read's answer depends on: its route and the parameters its schema validated, in
 * the schema's order. Query parameters the route does not know (tracking tags, made-up ones) are
 * stripped by validation and so make no new key; a route without a query schema reads no query.
 */
export function requestKey(request: FastifyRequest): string {
  const schema = request.routeOptions.schema;
  const query = schema?.querystring ? JSON.stringify(request.query) : '';
  return `${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? {})} ${query}`;
}

/**
 * Whether the request's URL holds nothing its route ignores: each query parameter one the route
 * validated, given once. Only such URLs are remembered by the front door, which answers by URL.
 */
export function isCanonicalUrl(request: FastifyRequest): boolean {
  const at = request.url.indexOf('?');
  if (at === -1) return true;
  const known = request.routeOptions.schema?.querystring ? Object.keys(request.query as object) : [];
  const seen = new Set<string>();
  for (const name of new URLSearchParams(request.url.slice(at + 1)).keys()) {
    if (seen.has(name) || !known.includes(name)) return false;
    seen.add(name);
  }
  return true;
}
