import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { libraryMessages, pageStream, unsafeCharacterIn } from '@epos/schemas';
import { XSS_CORPUS } from '@epos/platform/testkit/xss-payloads';
import { audit } from '@epos/platform/testkit/html-allowlist';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { libraryDemoSeeder } from './demo-seed.js';

let api: TestApi;
let admin: Person;
const anonymous = () => new TestClient(api.app, '192.0.2.201');

const page = (overrides: Record<string, unknown> = {}) => ({
  name: 'About the poem',
  url: '/the-poem',
  permalink: 'the-poem',
  category: 'Main menu',
  priority: 2,
  parent: '',
  md_content: 'An epic in **twelve** books. See ||12||.',
  ...overrides,
});
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();

async function create(overrides: Record<string, unknown> = {}) {
  const response = await admin.client.post('/postdata/createPage', page(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return { response, id: json<{ id: string }>(response).id };
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
});
afterAll(async () => api.close());

describe('library pages', () => {
  it('creates a menu page with sanitised HTML and sentence links, answers it at its path, and lists it in the menu by priority', async () => {
    const { response, id } = await create({
      md_content: 'An epic. See ||12||. <script>alert(1)</script><img src=x onerror=alert(1)>',
      content: '<b onclick="x()">client html</b>',
    });
    expect(json(response)).toMatchObject({ id, url: '/the-poem', revision: 1, message: 'Page Created Successfully' });
    const read = json(await anonymous().get('/api/the-poem', after(response)));
    expect(read).toMatchObject({ pageid: id, name: 'About the poem', url: '/the-poem', isAuth: false, category: 'Main menu', parent: null, children: [] });
    expect(read.content).toContain('<a class="sentence-link" href="/12">12</a>');
    expect(read.content).not.toMatch(/script|onerror|onclick|client html/);
    expect(json(await admin.client.get('/api/the-poem'))).toMatchObject({ isAuth: true });
    const second = await create({ name: 'Contact', url: 'contact/', permalink: 'contact', priority: 1 });
    const menus = json<{ main: { name: string; url: string }[] }>(await anonymous().get('/api/library/menus', after(second.response)));
    expect(menus.main.map((m) => m.url)).toEqual(['/contact', '/the-poem']);
  });

  it('renders every XSS payload safely in a page, in its name and text', async () => {
    // Payloads with control characters never reach a page: the input boundary refuses them (tested there).
    const payloads = XSS_CORPUS.filter(([payload]) => unsafeCharacterIn(payload, { multiline: true }) === null);
    expect(payloads.length).toBeGreaterThan(50);
    const markdown = payloads.map(([payload], i) => `## ${i} ${payload}\n\n${payload}\n`).join('\n');
    const { response } = await create({ name: 'Corpus <script>alert(1)</script>', url: '/corpus', permalink: 'corpus', md_content: markdown });
    const read = json<{ name: string; content: string }>(await anonymous().get('/api/corpus', after(response)));
    expect(audit(read.content, 'post')).toEqual([]);
    // The name is text (JSON), shown by the app as text: kept as written.
    expect(read.name).toBe('Corpus <script>alert(1)</script>');
  });

  it('refuses missing fields naming each, reserved and taken paths naming them, and the category rules, changing nothing', async () => {
    const head = await api.deps.store.headPosition();
    const missing = await admin.client.post('/postdata/createPage', { category: 'Main menu', priority: 1 });
    expect(missing.statusCode).toBe(400);
    expect(
      json<{ fields: { field: string }[] }>(missing)
        .fields.map((f) => f.field)
        .sort(),
    ).toEqual(['md_content', 'name', 'permalink', 'url']);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ url: '/blogs/mine' }, 400, 'url: /blogs belongs to the site; choose another path'],
      // The reader's count statistics page: reserved by the reader's own route table.
      [{ url: '/counts' }, 400, 'url: /counts belongs to the site; choose another path'],
      [{ url: '/12/about' }, 400, "url: /12/about begins with a number, which the poem's sentences and sections use"],
      [{ url: '/About Us' }, 400, 'url: a path such as /about'],
      [{ url: '/the-poem' }, 409, 'url: /the-poem is taken by another page; choose another path'],
      [{ url: '/fresh', category: 'Non-Menu', priority: 3 }, 400, 'priority: only a menu page has a priority'],
      [{ url: '/fresh', priority: '' }, 400, 'priority: a menu page needs a priority'],
      [{ url: '/fresh', parent: '00000000-0000-4000-8000-000000000000' }, 400, 'parent: only a Non-Menu page has a parent'],
      [{ url: '/fresh', category: 'Sidebar' }, 400, 'category: one of Main menu, Footer, Non-Menu'],
      [{ url: '/fresh', permalink: 'Not A Slug' }, 400, 'permalink: lower-case letters'],
    ];
    for (const [overrides, status, message] of refusals) {
      const response = await admin.client.post('/postdata/createPage', page(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(json<{ message: string }>(response).message).toContain(message);
    }
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('hangs Non-Menu pages under a parent: children listed on the parent, breadcrumbs from the top', async () => {
    const top = await create({ name: 'Essays', url: '/essays', permalink: 'essays', priority: 5 });
    const child = await create({ name: 'On metre', url: '/essays/metre', permalink: 'metre', category: 'Non-Menu', priority: null, parent: top.id });
    const grandchild = await create({
      name: 'Quantitative verse',
      url: '/essays/metre/quantity',
      permalink: 'quantity',
      category: 'Non-Menu',
      priority: null,
      parent: child.id,
    });
    const parentPage = json(await anonymous().get('/api/essays', after(grandchild.response)));
    expect(parentPage.children).toEqual([{ pageid: child.id, name: 'On metre', url: '/essays/metre' }]);
    expect(json(await anonymous().get('/api/essays/metre/quantity'))).toMatchObject({ parent: { pageid: child.id, url: '/essays/metre' } });
    expect(json(await anonymous().get(`/api/parents/${grandchild.id}`))).toEqual([
      { pageid: top.id, name: 'Essays', url: '/essays' },
      { pageid: child.id, name: 'On metre', url: '/essays/metre' },
    ]);
    const parents = json<{ url: string }[]>(await admin.client.get('/api/parentinfo/', after(grandchild.response)));
    expect(parents.map((p) => p.url)).toEqual(expect.arrayContaining(['/essays', '/essays/metre']));
    const selfParent = await admin.client.post('/postdata/updatePage', {
      ...page({ name: 'On metre', url: '/essays/metre', permalink: 'metre', category: 'Non-Menu', priority: null, parent: child.id }),
      id: child.id,
    });
    expect(json(selfParent)).toMatchObject({ message: 'parent: a page cannot be its own parent' });
  });

  it('saves revisions, moves with a 301 from the old path, restores an earlier revision, and refuses a stale save', async () => {
    const { id, response } = await create({ name: 'Glossary', url: '/glossary', permalink: 'glossary', priority: 9, md_content: 'First text.' });
    const info = json(await admin.client.get(`/api/pageinfo/${id}`, after(response)));
    expect(info).toMatchObject({
      id,
      name: 'Glossary',
      url: '/glossary',
      permalink: 'glossary',
      category: 'Main menu',
      parent: null,
      priority: 9,
      md_content: 'First text.',
      revision: 1,
    });
    const saved = await admin.client.post('/postdata/updatePage', {
      ...page({ name: 'Glossary', url: '/words/glossary', permalink: 'glossary', priority: 9, md_content: 'Second text.' }),
      id,
      revision: 1,
    });
    expect(json(saved)).toMatchObject({ id, url: '/words/glossary', revision: 2, message: 'Updated Successfully' });
    const old = await anonymous().get('/api/glossary', after(saved));
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/words/glossary');
    expect(json(await anonymous().get('/api/words/glossary'))).toMatchObject({ pageid: id, content: '<p>Second text.</p>\n' });
    const stale = await admin.client.post('/postdata/updatePage', {
      ...page({ name: 'Glossary', url: '/words/glossary', permalink: 'glossary', priority: 9, md_content: 'Third.' }),
      id,
      revision: 1,
    });
    expect(stale.statusCode).toBe(409);
    // Nobody else may take the path it left, but it may take it back.
    expect((await admin.client.post('/postdata/createPage', page({ url: '/glossary' }))).statusCode).toBe(409);
    const restored = await admin.client.post('/postdata/restorePage', { id, revision: 1 });
    expect(json(restored)).toMatchObject({ revision: 3, message: 'Updated Successfully' });
    const back = await admin.client.post('/postdata/updatePage', {
      ...page({ name: 'Glossary', url: '/glossary', permalink: 'glossary', priority: 9, md_content: 'First text.' }),
      id,
    });
    expect(json(back)).toMatchObject({ url: '/glossary', revision: 3 });
    expect(json(await anonymous().get('/api/glossary', after(back)))).toMatchObject({ pageid: id, content: '<p>First text.</p>\n' });
    expect((await anonymous().get('/api/words/glossary')).headers.location).toBe('/api/glossary');
    const types = (await api.deps.store.readStream(pageStream(id))).map((e) => e.type);
    expect(types).toEqual(['PageCreated', 'PageMoved', 'PageRevised', 'PageRevised', 'PageMoved']);
    expect(json(await admin.client.post('/postdata/restorePage', { id, revision: 9 }))).toMatchObject({ message: 'revision: the page has no revision 9' });
  });

  it('deletes a page and answers its parent as where to go; its path then shows nothing', async () => {
    const top = await create({ name: 'Letters', url: '/letters', permalink: 'letters', priority: 7 });
    const child = await create({ name: 'To a friend', url: '/letters/friend', permalink: 'friend', category: 'Non-Menu', priority: null, parent: top.id });
    const deleted = await admin.client.post('/postdata/deletePage', { id: child.id });
    expect(json(deleted)).toEqual({ message: 'Deleted Successfully', redirect: '/letters' });
    expect((await anonymous().get('/api/letters/friend', after(deleted))).json()).toMatchObject({ statusCode: 404, message: libraryMessages.notFound });
    expect(json(await admin.client.post('/postdata/deletePage', { id: top.id }))).toMatchObject({ redirect: '/' });
    expect((await admin.client.post('/postdata/deletePage', { id: top.id })).statusCode).toBe(404);
    expect((await anonymous().get('/api/no/such/page')).statusCode).toBe(404);
  });

  it('generates a permalink from a name', async () => {
    expect(json(await admin.client.post('/postdata/generatePermalink', { name: "The Poet's Life & Times" }))).toEqual({
      permalink: 'the-poets-life-times',
      message: 'Permanent Url Generated',
    });
    expect((await admin.client.post('/postdata/generatePermalink', {})).statusCode).toBe(400);
  });

  it('lets only admins write or read the editor lookups: 401 anonymous, 403 others, nothing changed', async () => {
    const { id } = await create({ name: 'Roles', url: '/roles', permalink: 'roles', priority: 3 });
    const user = await signIn(api, 'user');
    const blogger = await signIn(api, 'blogger');
    const writes: [string, unknown][] = [
      ['/postdata/createPage', page({ url: '/by-someone' })],
      ['/postdata/updatePage', { ...page({ url: '/roles', name: 'Mine' }), id }],
      ['/postdata/deletePage', { id }],
      ['/postdata/restorePage', { id, revision: 1 }],
      ['/postdata/generatePermalink', { name: 'x' }],
    ];
    const head = await api.deps.store.headPosition();
    for (const [client, status] of [
      [anonymous(), 401],
      [user.client, 403],
      [blogger.client, 403],
    ] as const) {
      for (const [url, body] of writes) expect((await client.post(url, body)).statusCode, url).toBe(status);
      for (const url of [`/api/pageinfo/${id}`, '/api/parentinfo/']) expect((await client.get(url)).statusCode, url).toBe(status);
    }
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('seeds demo pages that show every category: menu pages, a footer page and children under a parent', async () => {
    await libraryDemoSeeder.seed({ config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger });
    await caughtUp(api);
    const menus = json<{ main: { url: string }[]; footer: { url: string }[] }>(await anonymous().get('/api/library/menus'));
    expect(menus.main.map((m) => m.url)).toEqual(expect.arrayContaining(['/about', '/guide']));
    expect(menus.footer.map((m) => m.url)).toContain('/colophon');
    const child = json<{ parent: { url: string }; children: { url: string }[] }>(await anonymous().get('/api/guide/reading-a-canto'));
    expect(child.parent.url).toBe('/guide');
    expect(child.children.map((c) => c.url)).toEqual(['/guide/reading-a-canto/metre']);
  });
});
