import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { always, kept, renderJson, renderText, sendCacheable, type CacheableBody } from './http-cache.js';

const OPENAPI_JSON_URL = '/api/docs/json';
const OPENAPI_YAML_URL = '/api/docs/yaml';

/** OpenAPI generated from the routes' zod schemas, with Swagger UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Epos API',
        description:
          "Site API (the product specification's paths and fields). Commands answer with `X-Position`; " +
          'send it back as `X-Consistent-After` on a query to read your own writes.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  serveDocumentKept(app);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The document (hundreds of kilobytes) is the same for as long as the process runs: Swagger UI's
 * own routes would serialise it afresh for every request and send it uncompressed. They are given a
 * handler that renders it once, keeps it, and sends it like every other kept body (ETag, 304,
 * brotli or gzip by Accept-Encoding, compressed once).
 */
function serveDocumentKept(app: FastifyInstance): void {
  const documents: Record<string, () => CacheableBody> = {
    [OPENAPI_JSON_URL]: () => renderJson(JSON.stringify(app.swagger())),
    [OPENAPI_YAML_URL]: () => renderText(app.swagger({ yaml: true }), 'application/x-yaml; charset=utf-8'),
  };
  const rendered = new Map<string, CacheableBody>();
  app.addHook('onRoute', (route) => {
    const render = documents[route.url];
    if (route.method !== 'GET' || render === undefined) return;
    route.handler = async function sendKept(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      let body = rendered.get(route.url);
      if (!body) rendered.set(route.url, (body = kept(render(), always)));
      return sendCacheable(request, reply, body);
    };
  });
}
