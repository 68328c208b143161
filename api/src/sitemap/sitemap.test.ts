import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_LOG_PROJECTION, type ChangeLogReadModel } from '@epos/projections/history/change-log';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp } from '../testkit/people.js';
import { INFERNO_I, PARADISE_LOST_1667_VIII } from '../poem/import/fixtures/real-verse.js';
import { importPoem } from '../poem/import/import-poem.js';
import { demoUsersSeeder } from '../accounts/demo-users.js';
import { blogsDemoSeeder } from '../blogs/demo-seed.js';
import { libraryDemoSeeder } from '../library/demo-seed.js';
import { booksDemoSeeder } from '../books/demo-seed.js';

const ORIGIN = 'https://epos.test';
const parser = new XMLParser({ isArray: (name) => ['url', 'sitemap'].includes(name) });
let api: TestApi;
const crawler = () => new TestClient(api.app, '198.51.100.7');

interface UrlEntry {
  loc: string;
  lastmod?: string;
}
async function xml(path: string) {
  const response = await crawler().get(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(response.body)).toBe(true);
  return parser.parse(response.body) as { urlset?: { url: UrlEntry[] }; sitemapindex?: { sitemap: UrlEntry[] } };
}
const part = async (name: string) => (await xml(`/sitemap/${name}.xml`)).urlset?.url ?? [];

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL: ORIGIN } });
  const poemModel = () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const context = { config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger };
  // Two real poems, the second imported over the first (whose sentences it withdraws): tercets, then blank verse with a 41-line sentence.
  for (const content of [INFERNO_I, PARADISE_LOST_1667_VIII])
    await importPoem(
      { store: api.deps.store, progress: api.deps.progress, readModel: poemModel },
      { fileName: 'poem.txt', content, cause: { actor: 'importer' }, confirmed: true },
    );
  for (const seeder of [demoUsersSeeder, blogsDemoSeeder, libraryDemoSeeder, booksDemoSeeder]) await seeder.seed(context);
  await caughtUp(api);
}, 120_000);
afterAll(async () => api?.close());

describe('robots.txt and the sitemap', () => {
  it('tells crawlers what to leave and where the sitemap is', async () => {
    const response = await crawler().get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/admin/', '/postdata/', '/login', '/my/']) expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toMatch(/^Disallow: \/$/m);
  });

  it('indexes its parts, each with the newest lastmod of its addresses', async () => {
    const index = (await xml('/sitemap.xml')).sitemapindex!.sitemap;
    expect(index.map((s) => s.loc)).toEqual(['sections', 'sentences-1', 'posts', 'pages', 'books'].map((name) => `${ORIGIN}/sitemap/${name}.xml`));
    for (const entry of index.slice(0, 2)) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const sentences = await part('sentences-1');
    const newest = sentences
      .map((u) => u.lastmod!)
      .sort()
      .at(-1);
    expect(index[1]!.lastmod).toBe(newest);
  });

  it('lists every placed sentence at its permanent link, none withdrawn, and every section, lastmod from the sentence events', async () => {
    const poem = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const placed = await poem
      .selectFrom('sentences')
      .select(['id', 'book', 'canto', 'section'])
      .where('sentence', 'is not', null)
      .orderBy('sentence')
      .execute();
    const withdrawn = await poem.selectFrom('sentences').select('id').where('sentence', 'is', null).execute();
    expect(placed.length).toBeGreaterThanOrEqual(3);
    expect(withdrawn.length).toBeGreaterThan(0);
    const sentences = await part('sentences-1');
    expect(sentences.map((u) => u.loc)).toEqual(placed.map((s) => `${ORIGIN}/s/${s.id}`));
    for (const { id } of withdrawn) expect(sentences.map((u) => u.loc)).not.toContain(`${ORIGIN}/s/${id}`);

    const changes = await api.deps.progress.readModel<ChangeLogReadModel>(CHANGE_LOG_PROJECTION);
    const first = placed[0]!;
    const events = await changes.selectFrom('changes').select('occurred_at').where('stream_id', '=', `sentence-${first.id}`).execute();
    const newest = new Date(Math.max(...events.map((e) => new Date(e.occurred_at).getTime())));
    expect(sentences[0]!.lastmod).toBe(`${newest.toISOString().slice(0, 19)}Z`);

    const sections = (await part('sections')).map((u) => u.loc);
    const expected = [...new Set(placed.map((s) => `${ORIGIN}/${s.book}/${s.canto}/${s.section}`))];
    expect(sections).toEqual([`${ORIGIN}/`, ...expected]);
  });

  it('lists the published posts, the library pages and the books at their addresses', async () => {
    const posts = (await part('posts')).map((u) => u.loc);
    expect(posts).toContain(`${ORIGIN}/blogs/reading-notes/on-reading-aloud`);
    expect(posts.every((loc) => loc.startsWith(`${ORIGIN}/blogs/`))).toBe(true);
    const pages = (await part('pages')).map((u) => u.loc);
    expect(pages).toContain(`${ORIGIN}/about`);
    const books = await part('books');
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      expect(book.loc).toMatch(new RegExp(`^${ORIGIN}/books/[a-z0-9-]+/[a-z0-9-]+$`));
      expect(book.lastmod).toMatch(/Z$/);
    }
  });

  it('answers 404 for a part it does not have and 400 for a name that is no part', async () => {
    expect((await crawler().get('/sitemap/sentences-9.xml')).statusCode).toBe(404);
    expect((await crawler().get('/sitemap/..%2Fsecret.xml')).statusCode).toBe(400);
  });
});
