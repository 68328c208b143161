import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import ogs from 'open-graph-scraper-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { schemaOrgProblems } from '../testkit/schema-org.js';
import { caughtUp } from '../testkit/people.js';
import { PARADISE_LOST_1667_VIII } from '../poem/import/fixtures/real-verse.js';
import { importPoem } from '../poem/import/import-poem.js';
import { PageHeads } from './page-heads.js';
import { demoUsersSeeder } from '../accounts/demo-users.js';
import { blogsDemoSeeder } from '../blogs/demo-seed.js';
import { booksDemoSeeder } from '../books/demo-seed.js';
import { libraryDemoSeeder } from '../library/demo-seed.js';
import { describe as describeText, scriptJson } from './head-tags.js';

const ORIGIN = 'https://epos.test';
/** The reader app's page shell as its sources have it (the build adds only its asset links). */
const SHELL = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../reader-ui/index.html'), 'utf8');
let api: TestApi;
let heads: PageHeads;

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL: ORIGIN } });
  await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'paradise-lost.txt', content: PARADISE_LOST_1667_VIII, cause: { actor: 'importer' }, confirmed: true },
  );
  const context = { config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger };
  for (const seeder of [demoUsersSeeder, blogsDemoSeeder, booksDemoSeeder, libraryDemoSeeder]) await seeder.seed(context);
  await caughtUp(api);
  heads = new PageHeads(api.app, api.deps);
  await heads.start();
}, 120_000);
afterAll(async () => {
  await heads?.close();
  await api?.close();
});

async function headOf(pathname: string) {
  const page = await heads.page(pathname, SHELL);
  expect(page).not.toBeNull();
  const document = parseDocument(page!.body.toString('utf8'));
  // Every head's JSON-LD holds to schema.org's vocabulary: its types, their properties and the values they take.
  const jsonLd = DomUtils.getElementsByTagName('script', document)
    .filter((s) => s.attribs.type === 'application/ld+json')
    .map((s) => JSON.parse(DomUtils.textContent(s)) as Record<string, unknown>);
  expect(jsonLd.length).toBeGreaterThan(0);
  expect(jsonLd.flatMap((item) => schemaOrgProblems(item))).toEqual([]);
  const metas = DomUtils.getElementsByTagName('meta', document);
  const content = (attribute: string, key: string) => metas.filter((m) => m.attribs[attribute] === key).map((m) => m.attribs.content);
  return {
    document,
    title: DomUtils.textContent(DomUtils.getElementsByTagName('title', document)),
    name: (key: string) => content('name', key),
    property: (key: string) => content('property', key),
    canonical: DomUtils.getElementsByTagName('link', document)
      .filter((l) => l.attribs.rel === 'canonical')
      .map((l) => l.attribs.href),
    links: (type: string) =>
      DomUtils.getElementsByTagName('link', document)
        .filter((l) => l.attribs.type === type)
        .map((l) => l.attribs.href),
    jsonLd,
  };
}

describe("a section's page head", () => {
  it('names the section and the poem, describes it by its first sentence, and gives its canonical address, cards and citation meta', async () => {
    const section = (await api.app.inject({ url: '/api/sbook/1/1/1?edition=first' })).json<{
      bookName: string;
      cantoName: string;
      customSection: { customSection: { lines: string }[] }[];
    }>();
    const site = (await api.app.inject({ url: '/api/site' })).json<{ poemTitle: string; poemAuthor: string }>();
    const head = await headOf('/1/1/1');
    expect(head.title).toContain(section.bookName);
    expect(head.title).toContain(section.cantoName);
    expect(head.title).toContain(site.poemTitle);
    const first = section.customSection[0]!.customSection[0]!.lines;
    const description = describeText(first);
    expect(head.name('description')).toEqual([description]);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(first.replace(/\s+/g, ' ')).toContain(description.replace(/…$/, ''));
    expect(head.canonical).toEqual([`${ORIGIN}/1/1/1`]);
    expect(head.property('og:url')).toEqual([`${ORIGIN}/1/1/1`]);
    expect(head.property('og:title')).toEqual([head.title]);
    expect(head.property('og:type')).toEqual(['article']);
    // Its share card (api/src/cards) is its large image, 1,200 × 630, described by the same words.
    expect(head.name('twitter:card')).toEqual(['summary_large_image']);
    expect(head.property('og:image')).toEqual([`${ORIGIN}/card/1/1/1`]);
    expect(head.name('twitter:image')).toEqual([`${ORIGIN}/card/1/1/1`]);
    expect([head.property('og:image:width'), head.property('og:image:height')]).toEqual([['1200'], ['630']]);
    expect(head.property('og:image:alt')).toEqual([description]);
    expect(head.name('citation_book_title')).toEqual([site.poemTitle]);
    expect(head.name('citation_author')).toEqual([site.poemAuthor]);
    expect(head.name('citation_title')[0]).toContain(section.cantoName);
    // The site's name stays where the app reads it; the shell's generic description and title are replaced, not repeated.
    expect(head.name('application-name')).toEqual(['Epos']);
    expect(head.name('description')).toHaveLength(1);
    expect(DomUtils.getElementsByTagName('title', head.document)).toHaveLength(1);
  });

  it('describes the section in JSON-LD as a part of the poem with its position, and its breadcrumb', async () => {
    const head = await headOf('/1/1/1/revised');
    expect(head.canonical).toEqual([`${ORIGIN}/1/1/1/revised`]);
    const [work, breadcrumb] = head.jsonLd;
    expect(work).toMatchObject({ '@context': 'https://schema.org', '@type': 'CreativeWork', position: 1, url: `${ORIGIN}/1/1/1/revised` });
    expect(JSON.stringify(work)).toContain('"@type":"Book"');
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumb!.itemListElement as unknown[]).length).toBe(4);
  });

  it('answers null for addresses without a head of their own and for sections and sentences the poem does not have', async () => {
    expect(await heads.page('/9/9/9', SHELL)).toBeNull();
    expect(await heads.page('/999', SHELL)).toBeNull();
    expect(await heads.page('/s/999', SHELL)).toBeNull();
    expect(await heads.page('/99999999999999999999', SHELL)).toBeNull();
    expect(await heads.page('/s/99999999999999999999', SHELL)).toBeNull();
    expect(await heads.page('/99999999999/1/1', SHELL)).toBeNull();
  });
});

describe("a sentence's page head", () => {
  it('is built once and kept until the poem changes', async () => {
    const first = await heads.page('/1/1/1', SHELL);
    expect(await heads.page('/1/1/1', SHELL)).toBe(first);
  });

  it('is the same by number and by permanent link, canonical at the permanent link, described by its own words', async () => {
    const poem = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const { id } = await poem.selectFrom('sentences').select('id').where('sentence', '=', 2).executeTakeFirstOrThrow();
    const sentence = (await api.app.inject({ url: '/api/lineinfo/2' })).json<{ lines: string }>();
    const byNumber = await headOf('/2');
    const byLink = await headOf(`/s/${id}`);
    expect(byNumber.title).toBe(byLink.title);
    expect(byNumber.title).toMatch(/^Sentence 2 · /);
    expect(byNumber.canonical).toEqual([`${ORIGIN}/s/${id}`]);
    expect(byLink.canonical).toEqual([`${ORIGIN}/s/${id}`]);
    expect(byNumber.name('description')).toEqual([describeText(sentence.lines)]);
    expect(byNumber.name('citation_title')[0]).toMatch(/, sentence 2$/);
    const [work, breadcrumb] = byNumber.jsonLd;
    expect(work).toMatchObject({ '@type': 'CreativeWork', position: 2, text: sentence.lines, url: `${ORIGIN}/s/${id}` });
    expect((breadcrumb!.itemListElement as unknown[]).length).toBe(5);
    // oEmbed discovery: a blog elsewhere finds the embed from the address alone, and the oEmbed it names answers.
    const oembed = DomUtils.getElementsByTagName('link', byNumber.document).filter((l) => l.attribs.type === 'application/json+oembed');
    expect(oembed.map((l) => l.attribs.href)).toEqual([`${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/s/${id}`)}`]);
    const answer = await api.app.inject({ url: oembed[0]!.attribs.href!.slice(ORIGIN.length) });
    expect(answer.json()).toMatchObject({ type: 'rich', html: expect.stringContaining(`${ORIGIN}/embed/s/${id}`) });
  });

  it('keeps a script element closed whatever the text holds', () => {
    const json = scriptJson({ text: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script> & \u2028' });
  });
});

describe("a blog's and a post's page head", () => {
  const published = async () => {
    const [post] = (await api.app.inject({ url: '/api/blogs/recent' })).json<{ bslug: string; pslug: string; ptitle: string; bTitle: string }[]>();
    return post!;
  };

  it("gives a post its title, excerpt, author and dates as Open Graph and JSON-LD BlogPosting, and its blog's feeds", async () => {
    const { bslug, pslug, ptitle, bTitle } = await published();
    const answer = (await api.app.inject({ url: `/api/blogs/${bslug}/${pslug}` })).json<{ excerpt_content: string; author: string; published_at: string }>();
    const path = `/blogs/${encodeURIComponent(bslug)}/${encodeURIComponent(pslug)}`;
    const head = await headOf(path);
    expect(head.title).toBe(`${ptitle} — ${bTitle}`);
    expect(head.canonical).toEqual([`${ORIGIN}${path}`]);
    // as a card reader parses it
    const page = await heads.page(path, SHELL);
    const { result, error } = await ogs({ html: page!.body.toString('utf8') });
    expect(error).toBe(false);
    expect(result).toMatchObject({
      ogType: 'article',
      ogTitle: head.title,
      ogUrl: `${ORIGIN}${path}`,
      ogDescription: describeText(answer.excerpt_content),
      ogSiteName: 'Epos',
      articleAuthor: answer.author,
      articlePublishedTime: answer.published_at,
      twitterCard: 'summary_large_image',
      ogImage: [{ url: `${ORIGIN}/card${path}`, width: '1200', height: '630', type: 'image/png' }],
    });
    expect(head.links('application/rss+xml')).toEqual([`${ORIGIN}/api/blogs/${bslug}/feed`]);
    expect(head.links('application/atom+xml')).toEqual([`${ORIGIN}/api/blogs/${bslug}/feed?format=atom`]);
    const [posting, breadcrumb] = head.jsonLd;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: ptitle,
      datePublished: answer.published_at,
      author: { '@type': 'Person', name: answer.author },
      isPartOf: { '@type': 'Blog', name: bTitle },
    });
    expect((breadcrumb!.itemListElement as { name: string }[]).map((crumb) => crumb.name)).toEqual(['Epos', 'Blogs', bTitle, ptitle]);
  });

  it('gives a blog its own title and description, its feeds and JSON-LD Blog', async () => {
    const { bslug, bTitle } = await published();
    const head = await headOf(`/blogs/${bslug}`);
    expect(head.title).toBe(`${bTitle} — Epos`);
    expect(head.property('og:type')).toEqual(['website']);
    expect(head.links('application/rss+xml')).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'Blog', name: bTitle, url: `${ORIGIN}/blogs/${bslug}` });
  });

  it('gives the list of blogs, a blog’s series, archive and contents, and an author’s posts their own titles and JSON-LD CollectionPage', async () => {
    const { bslug, bTitle } = await published();
    const post = (await api.app.inject({ url: '/api/blogs/recent' })).json<{ bslug: string; pslug: string }[]>()[0]!;
    const { authorId, author } = (await api.app.inject({ url: `/api/blogs/${post.bslug}/${post.pslug}` })).json<{ authorId: string; author: string }>();
    const expected: [string, string][] = [
      ['/blogs', 'Blogs — Epos'],
      [`/blogs/${bslug}/archive`, `Archives · ${bTitle} — Epos`],
      [`/blogs/${bslug}/toc`, `Contents · ${bTitle} — Epos`],
      [`/user/${authorId}`, `Posts by ${author} — Epos`],
    ];
    for (const [path, title] of expected) {
      const head = await headOf(path);
      expect(head.title, path).toBe(title);
      expect(head.canonical, path).toEqual([`${ORIGIN}${path}`]);
      expect(head.jsonLd[0], path).toMatchObject({ '@type': 'CollectionPage' });
    }
    const withSeries = (await api.app.inject({ url: '/api/series' })).json<{ slug: string; slugUrl: string; sd: { slug: string; slugUrl: string }[] }[]>()[0];
    expect(withSeries, 'the demo has a blog with a series').toBeDefined();
    expect((await headOf(`/blogs/${withSeries!.slug}/series`)).title).toBe(`Series · ${withSeries!.slugUrl} — Epos`);
    const series = await headOf(`/blogs/${withSeries!.slug}/series/${withSeries!.sd[0]!.slug}`);
    expect(series.title).toBe(`${withSeries!.sd[0]!.slugUrl} · ${withSeries!.slugUrl} — Epos`);
  });

  it("leaves a blog's own pages, unknown posts and posts not yet published to the plain page", async () => {
    const { bslug } = await published();
    for (const path of [
      `/blogs/${bslug}/new`,
      `/blogs/${bslug}/no-such-post`,
      '/blogs/no-such-blog',
      `/blogs/${bslug}/series/no-such-series`,
      '/user/no-such-author',
    ])
      expect(await heads.page(path, SHELL), path).toBeNull();
    const blogs = await api.deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
    const unpublished = await blogs.selectFrom('posts').select(['url', 'blog_id']).where('status', '!=', 'published').executeTakeFirstOrThrow();
    expect(await heads.page(`/blogs/${unpublished.blog_id}/${unpublished.url}`, SHELL)).toBeNull();
  });
});

describe('the home page, a book and a library page', () => {
  it('gives each its own title, description and JSON-LD, and leaves the site’s own paths and unknown ones to the plain page', async () => {
    const home = await headOf('/');
    expect(home.title).toBe('Paradise Lost (1667) — Epos');
    expect(home.canonical).toEqual([`${ORIGIN}/`]);
    expect(home.jsonLd[0]).toMatchObject({ '@type': 'WebSite', mainEntity: { '@type': 'Book', name: 'Paradise Lost (1667)' } });

    const [entry] = (await api.app.inject({ url: '/api/books' })).json<
      { AuthorName: string; Urlslug: string; AuthorBook: { BookName: string; BookSlug: string }[] }[]
    >();
    const book = entry!.AuthorBook[0]!;
    const bookHead = await headOf(`/books/${entry!.Urlslug}/${book.BookSlug}`);
    expect(bookHead.title).toBe(`${book.BookName} — ${entry!.AuthorName} — Epos`);
    expect(bookHead.name('description')[0]!.length).toBeGreaterThan(20);
    expect(bookHead.jsonLd[0]).toMatchObject({ '@type': 'Book', name: book.BookName, author: { '@type': 'Person', name: entry!.AuthorName } });

    const { main, footer } = (await api.app.inject({ url: '/api/library/menus' })).json<{
      main: { url: string; name: string }[];
      footer: { url: string; name: string }[];
    }>();
    const page = [...main, ...footer][0]!;
    const pageHead = await headOf(page.url);
    expect(pageHead.title).toBe(`${page.name} — Epos`);
    expect(pageHead.canonical).toEqual([`${ORIGIN}${page.url}`]);
    expect(pageHead.jsonLd[0]).toMatchObject({ '@type': 'WebPage', name: page.name });
    // descriptions are text: no markup, entities read
    expect(pageHead.name('description')[0]).not.toMatch(/<|&[a-z]+;/);

    const books = await headOf('/books');
    expect(books.title).toBe('Books — Epos');
    expect(books.name('description')[0]).toContain(entry!.AuthorName);
    const author = await headOf(`/books/${entry!.Urlslug}`);
    expect(author.title).toBe(`${entry!.AuthorName} — Epos`);
    expect(author.jsonLd[0]).toMatchObject({ '@type': 'CollectionPage', name: entry!.AuthorName });

    for (const path of ['/login', '/no-such-page', `/books/${entry!.Urlslug}/no-such-book`, '/books/no-such-author'])
      expect(await heads.page(path, SHELL), path).toBeNull();
  });

  it('gives the search page its own title, kept out of search engines, and the compare view a head canonical at its section', async () => {
    const search = await headOf('/search');
    expect(search.title).toBe('Search — Epos');
    expect(search.name('robots')).toEqual(['noindex, follow']);
    const compare = await headOf('/compare/1/1/1');
    expect(compare.title).toMatch(/the editions compared — Paradise Lost \(1667\)$/);
    expect(compare.canonical).toEqual([`${ORIGIN}/1/1/1`]);
    expect(await heads.page('/compare/9/9/9', SHELL)).toBeNull();
  });
});
