import type { FastifyInstance } from 'fastify';
import { siteUrl } from '@epos/platform';
import type { LineInfoAnswer, SectionAnswer, SentenceIdentityAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import type { BlogPage, Post } from '@epos/schemas/blogs/responses';
import { RESERVED_POST_URLS } from '@epos/schemas/blogs/slug';
import { POST_STATUS } from '@epos/schemas/blogs/post-status';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { BLOGS_CHANGED_CHANNEL, BLOGS_PROJECTION } from '@epos/projections/blogs/read-model';
import { BOOKS_CHANGED_CHANNEL, BOOKS_PROJECTION } from '@epos/projections/books/books-projection';
import { LIBRARY_CHANGED_CHANNEL, LIBRARY_PROJECTION } from '@epos/projections/library/library-projection';
import type { BookAnswer } from '@epos/schemas/books/payloads';
import type { LibraryPageAnswer } from '@epos/schemas/library/payloads';
import { libraryPathProblem } from '@epos/schemas/library/paths';
import { bookHead, homeHead, libraryPageHead } from './library-heads.js';
import type { ApiDeps } from '../deps.js';
import { ChangeCache } from '../http/change-cache.js';
import { readOwn } from '../http/own-answers.js';
import { sentenceIdOf } from '../poem/sentence-by-id.js';
import { always, kept, renderText, type CacheableBody } from '../http/http-cache.js';
import { shellWithHead, type PageHead } from './head-tags.js';
import { sectionHead, sentenceHead } from './poem-heads.js';
import { blogHead, postHead } from './blog-heads.js';
import { addressLanguages, pageWithBody, RENDER_TIMEOUT_MS } from './page-bodies.js';
import type { ServerAnswers, ServerRenderer } from '@epos/schemas/pages/server-render';
import type { Language } from '@epos/schemas/poem/editions';

/** One kind of address with a head of its own: its pattern, the read model its head is read from, its cache key and its head. */
interface HeadRoute {
  pattern: RegExp;
  reads: 'poem' | 'blogs' | 'books' | 'library';
  key(match: RegExpExecArray): string | null;
  head(match: RegExpExecArray): Promise<PageHead | null>;
  /** Where the reader app renders its body on the server: the API answers that body reads, for the translations the address asks for. */
  answers?(match: RegExpExecArray, languages: readonly Language[]): string[] | Promise<string[]>;
}

/**
 * The reader app's page with the head of the address it answers (issue 37): a section's, sentence's,
 * blog's or post's own title, description, canonical URL, cards, citation meta or article meta,
 * feeds and JSON-LD, so a link shared, a feed reader or a citation manager sees the page before any
 * JavaScript runs. Kept like an API answer, dropped when the poem or the blogs change.
 */
export class PageHeads {
  private readonly caches: Record<HeadRoute['reads'], { cache: ChangeCache; projection: string }>;
  private readonly origin: string;
  private readonly routes: HeadRoute[];

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: ApiDeps,
    /** The reader app's server renderer (./page-bodies.ts); without it, pages carry their heads only. */
    private readonly renderer: ServerRenderer | null = null,
  ) {
    this.caches = {
      poem: { cache: new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory), projection: POEM_PROJECTION },
      blogs: { cache: new ChangeCache(deps.database, BLOGS_CHANGED_CHANNEL, deps.memory), projection: BLOGS_PROJECTION },
      books: { cache: new ChangeCache(deps.database, BOOKS_CHANGED_CHANNEL, deps.memory), projection: BOOKS_PROJECTION },
      library: { cache: new ChangeCache(deps.database, LIBRARY_CHANGED_CHANNEL, deps.memory), projection: LIBRARY_PROJECTION },
    };
    this.origin = siteUrl(deps.config);
    this.routes = [
      { pattern: /^\/$/, reads: 'poem', key: () => '/', head: () => this.withSite(async (site) => homeHead(this.origin, site)) },
      {
        // a section, in the First edition or another: /1/2/3, /1/2/3/revised
        pattern: /^\/(\d+)\/(\d+)\/(\d+)(?:\/(centenary|revised))?\/?$/,
        reads: 'poem',
        key: (m) => `/${m.slice(1, 4).map(Number).join('/')}${m[4] ? `/${m[4]}` : ''}`,
        head: (m) => this.sectionHead(`/${m.slice(1, 4).map(Number).join('/')}${m[4] ? `/${m[4]}` : ''}`, m[4] ?? 'first'),
        answers: (m, languages) => {
          const [book, canto, section] = m.slice(1, 4).map(Number);
          return [
            '/api/site',
            '/api/contents',
            `/api/contents/${book}`,
            `/api/sbook/${book}/${canto}/${section}?edition=${m[4] ?? 'first'}`,
            ...languages.map((lang) => `/api/translation/${book}/${canto}/${section}?lang=${lang}`),
          ];
        },
      },
      // a sentence by its running number (/12) or its permanent link (/s/7)
      {
        pattern: /^\/(\d+)\/?$/,
        reads: 'poem',
        key: (m) => `/${m[1]}`,
        head: (m) => this.sentenceHead({ n: Number(m[1]) }),
        answers: (m) => ['/api/site', `/api/lineinfo/${Number(m[1])}`],
      },
      {
        pattern: /^\/s\/(\d+)\/?$/,
        reads: 'poem',
        key: (m) => `/s/${m[1]}`,
        head: (m) => this.sentenceHead({ id: Number(m[1]) }),
        answers: async (m) => {
          const found = (await this.read<SentenceIdentityAnswer>(`/api/s/${Number(m[1])}`))?.sentence;
          return ['/api/site', `/api/s/${Number(m[1])}`, ...(found ? [`/api/lineinfo/${found}`] : [])];
        },
      },
      // a blog's first page, and a post (never one of a blog's own pages, such as /blogs/x/archive)
      { pattern: /^\/blogs\/([^/?#]+)\/?$/, reads: 'blogs', key: (m) => `/blogs/${m[1]}`, head: (m) => this.blogHead(m[1]!) },
      {
        pattern: /^\/blogs\/([^/?#]+)\/([^/?#]+)\/?$/,
        reads: 'blogs',
        key: (m) => (RESERVED_POST_URLS.has(decodeURIComponent(m[2]!).toLowerCase()) ? null : `/blogs/${m[1]}/${m[2]}`),
        head: (m) => this.postHead(m[1]!, m[2]!),
      },
      {
        pattern: /^\/books\/([^/?#]+)\/([^/?#]+)\/?$/,
        reads: 'books',
        key: (m) => `/books/${m[1]}/${m[2]}`,
        head: (m) =>
          this.withSite(async (site) => {
            const book = await this.read<BookAnswer>(`/api/booksnew/${m[1]}/${m[2]}`);
            return book && bookHead(this.origin, site, book);
          }),
      },
      // a library page: any path the site does not own (the reader app's last route)
      {
        pattern: /^(\/.+?)\/?$/,
        reads: 'library',
        key: (m) => (libraryPathProblem(m[1]!) === null ? m[1]! : null),
        head: (m) =>
          this.withSite(async (site) => {
            const page = await this.read<LibraryPageAnswer>(`/api${m[1]}`);
            return page && libraryPageHead(this.origin, site, page);
          }),
      },
    ];
  }

  /**
   * The page for `path` (and its query, `search`) built on `shell`: its head, and where the app
   * renders it on the server, its body; null when the path has no head of its own (the shell
   * answers as it is).
   */
  async page(path: string, shell: string, search = ''): Promise<CacheableBody | null> {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      const key = match && route.key(match);
      if (!match || key === null || key === undefined) continue;
      const languages = this.renderer && route.answers ? addressLanguages(search) : null;
      const { cache, projection } = this.caches[route.reads];
      return cache.answer(
        undefined,
        () => this.deps.progress.schemaOf(projection),
        languages === null ? `page-head:${key}` : `page:${key}?lang=${languages.join(',')}`,
        async () => {
          const head = await route.head(match);
          if (!head) return null;
          const page = shellWithHead(shell, head);
          const body = languages === null ? null : await this.body(path, search, await route.answers!(match, languages));
          return kept(renderText(body ? pageWithBody(page, body.html, body.answers) : page, 'text/html; charset=utf-8'), always);
        },
      );
    }
    return null;
  }

  /** The app's HTML for the page, rendered from the answers it reads; null if one is missing or the render fails (the browser renders it then). */
  private async body(path: string, search: string, urls: string[]): Promise<{ html: string; answers: ServerAnswers } | null> {
    const read = await Promise.all(urls.map(async (url) => [url, await this.read<unknown>(url)] as const));
    if (read.some(([, answer]) => answer === null)) return null;
    const answers: ServerAnswers = Object.fromEntries(read);
    try {
      const { html } = await this.renderer!.renderPage({ path, search, answers }, AbortSignal.timeout(RENDER_TIMEOUT_MS));
      return { html, answers };
    } catch (error) {
      this.deps.logger.warn({ err: error, path }, 'page not rendered on the server; the browser renders it');
      return null;
    }
  }

  private async sectionHead(own: string, edition: string): Promise<PageHead | null> {
    const [site, answer] = await Promise.all([
      this.read<Site>('/api/site'),
      this.read<SectionAnswer>(`/api/sbook/${own.slice(1).split('/').slice(0, 3).join('/')}?edition=${edition}`),
    ]);
    return site && answer ? sectionHead(this.origin, own, site, answer) : null;
  }

  /** A sentence's head, at its permanent link whichever way it was reached; null when withdrawn or unknown. */
  private async sentenceHead(by: { id: number } | { n: number }): Promise<PageHead | null> {
    let id: number | null;
    let n: number | null;
    if ('id' in by) {
      id = by.id;
      n = (await this.read<SentenceIdentityAnswer>(`/api/s/${id}`))?.sentence ?? null;
    } else {
      n = by.n;
      id = await sentenceIdOf(this.deps, n);
    }
    if (id === null || n === null) return null;
    const [site, sentence] = await Promise.all([this.read<Site>('/api/site'), this.read<LineInfoAnswer>(`/api/lineinfo/${n}`)]);
    if (!site || !sentence) return null;
    const section = await this.read<SectionAnswer>(`/api/sbook/${sentence.bookNumber}/${sentence.cantoNumber}/${sentence.sectionNumber}?edition=first`);
    return section ? sentenceHead(this.origin, id, site, sentence, section) : null;
  }

  private async blogHead(blog: string): Promise<PageHead | null> {
    const [site, page] = await Promise.all([this.read<Site>('/api/site'), this.read<BlogPage>(`/api/blogs/${blog}`)]);
    return site && page ? blogHead(this.origin, site, page) : null;
  }

  /** A published post's head, as an anonymous reader sees the post (drafts and scheduled posts have none). */
  private async postHead(blog: string, post: string): Promise<PageHead | null> {
    const [site, answer] = await Promise.all([this.read<Site>('/api/site'), this.read<Post>(`/api/blogs/${blog}/${post}`)]);
    return site && answer && answer.status === POST_STATUS.published ? postHead(this.origin, site, answer) : null;
  }

  /** A head made with the site's names; null without them. */
  private async withSite(head: (site: Site) => Promise<PageHead | null>): Promise<PageHead | null> {
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
