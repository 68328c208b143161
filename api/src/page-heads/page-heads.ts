import type { FastifyInstance } from 'fastify';
import { siteUrl } from '@epos/platform';
import type { Site } from '@epos/schemas/api/site';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { BLOGS_CHANGED_CHANNEL, BLOGS_PROJECTION } from '@epos/projections/blogs/read-model';
import { BOOKS_CHANGED_CHANNEL, BOOKS_PROJECTION } from '@epos/projections/books/books-projection';
import { LIBRARY_CHANGED_CHANNEL, LIBRARY_PROJECTION } from '@epos/projections/library/library-projection';
import type { ServerAnswers, ServerRenderInput } from '@epos/schemas/pages/server-render';
import type { ApiDeps } from '../deps.js';
import { ChangeCache } from '../http/change-cache.js';
import { readOwn } from '../http/own-answers.js';
import { always, kept, renderText, type CacheableBody } from '../http/http-cache.js';
import { SHARE_CARD_SIZE } from '@epos/platform/cards/card-id';
import { editionSchema, type ShareCardContent } from '@epos/schemas';
import { languagesFromSearch } from '@epos/schemas/poem/address-languages';
import { shellWithHead, withCardImage, type PageHead } from './head-tags.js';
import { pageCard } from './share-cards.js';
import { pageWithBody, renderedLanguages, RENDER_TIMEOUT_MS, type AppRenderer } from './page-bodies.js';
import type { PageReads, PageRoute, PageSources } from './page-route.js';
import { poemRoutes } from './poem-routes.js';
import { blogRoutes } from './blog-routes.js';
import { libraryRoutes } from './library-routes.js';

/**
 * Where the share card of the page at `path` is (docs/decisions/share-cards.md): `/card` and the
 * path, with the one translation a card shows and the edition a sentence's address names.
 */
function cardAddress(path: string, search: string): string {
  const query = new URLSearchParams(search);
  const lang = languagesFromSearch(search)?.[0];
  const edition = query.get('edition');
  const kept = new URLSearchParams();
  if (editionSchema.safeParse(edition).success) kept.set('edition', edition!);
  if (lang) kept.set('lang', lang);
  const rest = kept.toString();
  return `/card${path.replace(/\/+$/, '') || '/'}${rest ? `?${rest}` : ''}`;
}

/**
 * The reader app's page with the head of the address it answers (issue 37): its own title,
 * description, canonical URL, cards, citation or article meta, feeds and JSON-LD, and where the app
 * renders it on the server, its body, so a link shared, a feed reader, a citation manager or a reader
 * without JavaScript sees the page before any JavaScript runs. Kept like an API answer, dropped when
 * the read models it is made from change. The kinds of page are the route tables' (./*-routes.ts).
 */
export class PageHeads {
  private readonly caches: Record<PageReads, { cache: ChangeCache; projection: string }>;
  private readonly origin: string;
  private readonly routes: PageRoute[];

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: ApiDeps,
    /** The reader app's server renderer (./page-bodies.ts); without it, pages carry their heads only. */
    private readonly renderer: AppRenderer | null = null,
  ) {
    this.caches = {
      poem: { cache: new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory), projection: POEM_PROJECTION },
      blogs: { cache: new ChangeCache(deps.database, BLOGS_CHANGED_CHANNEL, deps.memory), projection: BLOGS_PROJECTION },
      books: { cache: new ChangeCache(deps.database, BOOKS_CHANGED_CHANNEL, deps.memory), projection: BOOKS_PROJECTION },
      library: { cache: new ChangeCache(deps.database, LIBRARY_CHANGED_CHANNEL, deps.memory), projection: LIBRARY_PROJECTION },
      home: { cache: new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory, [BLOGS_CHANGED_CHANNEL]), projection: POEM_PROJECTION },
    };
    this.origin = siteUrl(deps.config);
    const sources: PageSources = { origin: this.origin, read: (url) => this.read(url), withSite: (head) => this.withSite(head) };
    this.routes = [...poemRoutes(sources, deps), ...blogRoutes(sources), ...libraryRoutes(sources)];
  }

  /**
   * The page for `path` (and its query, `search`) built on `shell`: its head, and where the app
   * renders it on the server, its body; null when the path has no head of its own (the shell
   * answers as it is).
   */
  async page(path: string, shell: string, search = '', cookies?: string): Promise<CacheableBody | null> {
    const found = this.routeOf(path);
    if (!found) return null;
    const { route, match, key } = found;
    const languages = this.renderer && route.answers ? renderedLanguages(search, cookies) : null;
    const card = cardAddress(path, search);
    const { cache, projection } = this.caches[route.reads];
    return cache.answer(
      undefined,
      () => this.deps.progress.schemaOf(projection),
      `${languages === null ? `page-head:${key}` : `page:${key}?lang=${languages.shown.join(',')}${languages.own ? ';own' : ''}`};card=${card}`,
      async () => {
        const made = await route.head(match);
        if (!made) return null;
        const head = withCardImage(made, { url: `${this.origin}${card}`, ...SHARE_CARD_SIZE, alt: made.description || made.title });
        const page = shellWithHead(shell, head);
        const body = languages === null ? null : await this.body({ path, search, ownLanguages: languages.own }, await route.answers!(match, languages.shown));
        return kept(renderText(body ? pageWithBody(page, body) : page, 'text/html; charset=utf-8'), always);
      },
    );
  }

  /** What the share card of the page at `path` (with its query) shows; null when the address has no page of its own. */
  async card(path: string, search: string): Promise<ShareCardContent | null> {
    const found = this.routeOf(path);
    if (!found) return null;
    const { route, match } = found;
    const page = cardAddress(path, search).slice('/card'.length);
    if (route.card) return route.card(match, page, new URLSearchParams(search));
    const [head, site] = await Promise.all([route.head(match), this.read<Site>('/api/site')]);
    return head && site && pageCard(page, site, head);
  }

  private routeOf(path: string): { route: PageRoute; match: RegExpExecArray; key: string } | null {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      const key = match && route.key(match);
      if (match && key !== null && key !== undefined) return { route, match, key };
    }
    return null;
  }

  /** The app's HTML for the page, rendered from the answers it reads; null if one is missing or the render fails (the browser renders it then). */
  private async body(page: Omit<ServerRenderInput, 'answers'>, urls: string[]): Promise<{ html: string; answers: ServerAnswers; links: string } | null> {
    const read = await Promise.all(urls.map(async (url) => [url, await this.read<unknown>(url)] as const));
    if (read.some(([, answer]) => answer === null)) return null;
    const answers: ServerAnswers = Object.fromEntries(read);
    try {
      const { html, modules } = await this.renderer!.renderPage({ ...page, answers }, AbortSignal.timeout(RENDER_TIMEOUT_MS));
      return { html, answers, links: this.renderer!.links(modules) };
    } catch (error) {
      this.deps.logger.warn({ err: error, path: page.path }, 'page not rendered on the server; the browser renders it');
      return null;
    }
  }

  /** A head made with the site's names; null without them. */
  private async withSite(head: (site: Site) => PageHead | null | Promise<PageHead | null>): Promise<PageHead | null> {
    const site = await this.read<Site>('/api/site');
    return site && head(site);
  }

  private read<T>(url: string): Promise<T | null> {
    return readOwn<T>(this.app, url);
  }

  /** Listens for the poem's and the blogs' changes: until then (or without the database's notices) every head is built afresh. */
  async start(): Promise<void> {
    for (const { cache } of Object.values(this.caches))
      await cache.start().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'page heads cache listener not connected; serving uncached'));
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.caches).map(({ cache }) => cache.close()));
  }
}
