import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotsText, sitemapXml } from '@epos/schemas/sitemap/responses';
import { siteUrl } from '@epos/platform';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { CHANGE_LOG_PROJECTION, type ChangeLogReadModel } from '@epos/projections/history/change-log';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { LIBRARY_PROJECTION, type LibraryReadModel } from '@epos/projections/library/library-projection';
import { BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { always, kept, renderText, sendCacheable, type CacheableBody } from '../http/http-cache.js';
import { bookUrls, pageUrls, poemUrls, postUrls, type SitemapUrl } from './sitemap-urls.js';
import { sitemapIndex, URLS_PER_PART, urlset } from './sitemap-xml.js';

/** How long a built sitemap is served before it is built again from the read models. */
const FRESH_MS = 60_000;
const XML = 'application/xml; charset=utf-8';

/** The addresses a crawler should leave: the API, the console, and the reader's private and form pages. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin/',
  '/admin-api/',
  '/postdata/',
  '/media/private/',
  '/my/',
  '/account',
  '/login',
  '/register',
  '/password',
  '/forgot-password',
  '/resend-activation',
  '/reset-password',
  '/confirm-email',
  '/notifications',
  '/newpage',
  '/editpage',
  '/draft/',
  '/schedule/',
  '/unsubscribe',
];

interface Built {
  at: number;
  index: CacheableBody;
  parts: Map<string, CacheableBody>;
  bytes: number;
}

/** `/robots.txt`, `/sitemap.xml` and its parts (`/sitemap/{sections,sentences-N,posts,pages,books}.xml`), lastmod from the events. */
export function sitemapRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const origin = siteUrl(deps.config);
  let built: Built | null = null;
  let building: Promise<Built> | null = null;
  const account = deps.memory.account('sitemap', () => {
    if (!built) return false;
    account.remove(built.bytes);
    built = null;
    return true;
  });

  async function build(): Promise<Built> {
    const model = <DB>(name: string) => deps.progress.readModel<DB>(name);
    const [poem, changes, blogs, library, books] = await Promise.all([
      model<PoemReadModel>(POEM_PROJECTION),
      model<ChangeLogReadModel>(CHANGE_LOG_PROJECTION),
      model<BlogsReadModel>(BLOGS_PROJECTION),
      model<LibraryReadModel>(LIBRARY_PROJECTION),
      model<BooksReadModel>(BOOKS_PROJECTION),
    ]);
    const [{ sections, sentences }, posts, pages, bookList] = await Promise.all([poemUrls(poem, changes), postUrls(blogs), pageUrls(library), bookUrls(books)]);
    const named: { name: string; urls: SitemapUrl[] }[] = [{ name: 'sections', urls: [{ path: '/', lastmod: null }, ...sections] }];
    for (let i = 0; i * URLS_PER_PART < Math.max(1, sentences.length); i++)
      named.push({ name: `sentences-${i + 1}`, urls: sentences.slice(i * URLS_PER_PART, (i + 1) * URLS_PER_PART) });
    named.push({ name: 'posts', urls: posts }, { name: 'pages', urls: pages }, { name: 'books', urls: bookList });
    const parts = new Map(named.map((part) => [part.name, kept(renderText(urlset(origin, part.urls), XML), always)]));
    const index = kept(renderText(sitemapIndex(origin, named), XML), always);
    const bytes = index.body.length + [...parts.values()].reduce((sum, part) => sum + part.body.length, 0);
    return { at: Date.now(), index, parts, bytes };
  }

  /** The sitemap as built at most a minute ago; one build at a time, whoever asks. */
  async function current(): Promise<Built> {
    if (built && Date.now() - built.at < FRESH_MS) return built;
    building ??= build()
      .then((fresh) => {
        if (built) account.remove(built.bytes);
        built = fresh;
        account.add(fresh.bytes);
        return fresh;
      })
      .finally(() => (building = null));
    return building;
  }

  const serveXml = (request: FastifyRequest, reply: FastifyReply, body: CacheableBody) =>
    sendCacheable(request, reply.header('cache-control', 'public, max-age=3600'), body);

  return async (app) => {
    const robots = kept(
      renderText(
        `User-agent: *\n${PRIVATE_PATHS.map((path) => `Disallow: ${path}\n`).join('')}\nSitemap: ${origin}/sitemap.xml\n`,
        'text/plain; charset=utf-8',
      ),
      always,
    );
    app.get('/robots.txt', { schema: { hide: true, response: { 200: robotsText } } }, async (request, reply) =>
      sendCacheable(request, reply.header('cache-control', 'public, max-age=86400'), robots),
    );
    app.get('/sitemap.xml', { schema: { hide: true, response: { 200: sitemapXml } } }, async (request, reply) =>
      serveXml(request, reply, (await current()).index),
    );
    app.get(
      '/sitemap/:part',
      {
        schema: {
          hide: true,
          response: { 200: sitemapXml },
          params: z.object({ part: z.string().regex(/^[a-z]+(?:-\d+)?\.xml$/, 'part: a sitemap part such as sections.xml') }),
        },
      },
      async (request, reply) => {
        const part = (await current()).parts.get(request.params.part.slice(0, -'.xml'.length));
        if (!part) throw new HttpError(404, 'not_found', 'Not Found');
        return serveXml(request, reply, part);
      },
    );
  };
}
