import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';
import { kept, renderText, sendCacheable } from './http-cache.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readerDist = path.join(root, 'reader-ui/dist');
const adminDist = path.join(root, 'admin-ui/dist');
const API_PREFIXES = ['/api/', '/admin-api/', '/postdata/'];

/** Serves the built reader app at / and the console at /admin/ (or the given builds), with history-API fallback. */
export async function registerStaticUi(app: FastifyInstance, builds = { reader: readerDist, admin: adminDist }): Promise<void> {
  const apps = [
    { prefix: '/admin/', dist: builds.admin },
    { prefix: '/', dist: builds.reader },
  ]
    .filter((a) => fs.existsSync(path.join(a.dist, 'index.html')))
    // The page shell every route of the app falls back to, read once and kept with its ETag.
    .map((a) => ({ ...a, shell: kept(renderText(fs.readFileSync(path.join(a.dist, 'index.html'), 'utf8'), 'text/html; charset=utf-8')) }));
  for (const [i, a] of apps.entries()) {
    await app.register(fastifyStatic, {
      root: a.dist,
      prefix: a.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // The build writes .br and .gz beside each file (scripts/build/precompress.ts): sent as the client accepts.
      preCompressed: true,
      // The siblings are found by negotiation, not served at URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    const target = wantsPage ? apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix) : undefined;
    if (target) {
      return sendCacheable(request, reply, target.shell);
    }
    if (wantsPage && !url.startsWith('/admin')) {
      return reply.code(503).type('text/plain').send('The reader app is not built yet: run `npm run build:ui` (npm start does this).');
    }
    return sendError(reply, request, { statusCode: 404, error: 'not_found', message: 'Not Found' });
  });
}
