import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readerDist = path.join(root, 'reader-ui/dist');
const adminDist = path.join(root, 'admin-ui/dist');
const API_PREFIXES = ['/api/', '/admin-api/', '/postdata/'];

/** Serves the built reader app at / and the console at /admin/, with history-API fallback. */
export async function registerStaticUi(app: FastifyInstance): Promise<void> {
  const apps = [
    { prefix: '/admin/', dist: adminDist },
    { prefix: '/', dist: readerDist },
  ].filter((a) => fs.existsSync(path.join(a.dist, 'index.html')));
  for (const [i, a] of apps.entries()) {
    await app.register(fastifyStatic, {
      root: a.dist,
      prefix: a.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html', target.dist);
    }
    if (wantsPage && !url.startsWith('/admin')) {
      return reply.code(503).type('text/plain').send('The reader app is not built yet: run `npm run build:ui` (npm start does this).');
    }
    return sendError(reply, request, { statusCode: 404, error: 'not_found', message: 'Not Found' });
  });
}
