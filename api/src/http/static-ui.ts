import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';
import mime from 'mime';
import { always, kept, renderBytes, renderText, sendCacheable, type CacheableBody } from './http-cache.js';
import type { ReadyAnswers } from './ready-answers.js';
import type { PageHeads } from '../page-heads/page-heads.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readerDist = path.join(root, 'reader-ui/dist');
const adminDist = path.join(root, 'admin-ui/dist');
/** Paths of the API and its files: a miss there is a 404, never the app's page. */
const API_PREFIXES = ['/api/', '/admin-api/', '/postdata/', '/media/'];

/** A built file with its precompressed siblings, as the build wrote them (scripts/build/precompress.ts). */
function builtFile(file: string): CacheableBody {
  const type = mime.getType(file) ?? 'application/octet-stream';
  const text = type.startsWith('text/') || type === 'application/javascript' || type === 'application/json' || type === 'image/svg+xml';
  const sibling = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  const [br, gzip] = [sibling('.br'), sibling('.gz')];
  return kept(renderBytes(fs.readFileSync(file), text ? `${type}; charset=utf-8` : type), always, { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
}

/**
 * Serves the built reader app at / and the console at /admin/ (or the given builds), with
 * history-API fallback. Built assets (their names change with their content) are also handed to
 * `ready`, which answers them from memory.
 */
export async function registerStaticUi(
  app: FastifyInstance,
  builds = { reader: readerDist, admin: adminDist },
  ready?: ReadyAnswers,
  heads?: PageHeads,
): Promise<void> {
  const apps = [
    { prefix: '/admin/', dist: builds.admin },
    { prefix: '/', dist: builds.reader },
  ]
    .filter((a) => fs.existsSync(path.join(a.dist, 'index.html')))
    // The page shell every route of the app falls back to, read once and kept with its ETag.
    .map((a) => {
      const html = fs.readFileSync(path.join(a.dist, 'index.html'), 'utf8');
      return { ...a, html, shell: kept(renderText(html, 'text/html; charset=utf-8'), always) };
    });
  for (const a of ready ? apps : []) {
    const assets = path.join(a.dist, 'assets');
    if (!fs.existsSync(assets)) continue;
    for (const entry of fs.readdirSync(assets, { withFileTypes: true })) {
      if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) ready!.addFile(`${a.prefix}assets/${entry.name}`, builtFile(path.join(assets, entry.name)));
    }
  }
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
        if (file.includes(`${path.sep}assets${path.sep}`)) return;
        // The page names this build's assets: checked before use. Other files at fixed names (the icon): shown from the browser's copy while it checks.
        // The service worker too: a release's worker is found at once (the browser checks it past its cache anyway, for at most a day).
        const checked = file.endsWith('.html') || file.endsWith(`${path.sep}service-worker.js`);
        reply.header('cache-control', checked ? 'no-cache' : 'public, max-age=0, stale-while-revalidate=86400');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const url = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    const target = wantsPage ? apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix) : undefined;
    if (target) {
      // A reader address with a head of its own (a section) gets it; any other the app's shell as it is.
      const page =
        target.prefix === '/' && heads
          ? await heads
              .page(url, target.html, search, request.headers.cookie)
              .catch((error: unknown) => (request.log.warn({ err: error }, 'page head not built'), null))
          : null;
      return sendCacheable(request, reply, page ?? target.shell);
    }
    if (wantsPage && !url.startsWith('/admin')) {
      return reply.code(503).type('text/plain').send('The reader app is not built yet: run `npm run build:ui` (npm start does this).');
    }
    return sendError(reply, request, { statusCode: 404, error: 'not_found', message: 'Not Found' });
  });
}
