import { fieldLabel } from '@epos/schemas/api/field-labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AdminPageAnswer } from '@epos/schemas/admin/pages';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let writer: Person;
const ids: Record<string, string> = {};

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (query: string, headers: Record<string, string> = {}) => admin.client.get(`/admin-api/pages?${query}`, headers);
const names = async (query: string, headers: Record<string, string> = {}) => (await list(query, headers)).json<AdminPageAnswer[]>().map((p) => p.name);
const record = (response: LightMyRequestResponse) => response.json<AdminPageAnswer>();
const page = (overrides: Record<string, unknown> = {}) => ({
  name: 'About',
  url: '/about',
  permalink: 'about',
  category: 'Main menu',
  parent: null,
  priority: 1,
  md_content: 'About **the poem**.',
  ...overrides,
});

async function create(overrides: Record<string, unknown>) {
  const response = await admin.client.send('POST', '/admin-api/pages', page(overrides));
  expect(response.statusCode, response.body).toBe(201);
  const created = record(response);
  ids[created.name] = created.id;
  return response;
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  writer = await signIn(api, 'blogger');
  await create({ name: 'About', url: '/about', permalink: 'about', priority: 2 });
  await create({ name: 'Contact', url: 'Contact/', permalink: 'contact', category: 'Footer', priority: 1 });
  const last = await create({ name: 'The poet', url: '/about/the-poet', permalink: 'the-poet', category: 'Non-Menu', priority: '', parent: ids.About });
  await list('', after(last));
});
afterAll(async () => api?.close());

describe('admin pages', () => {
  it('creates a page from the editor form and answers it with its markdown and revision', async () => {
    const about = record(await admin.client.get(`/admin-api/pages/${ids.About}`));
    expect(about).toMatchObject({
      name: 'About',
      url: '/about',
      permalink: 'about',
      category: 'Main menu',
      parent: null,
      priority: 2,
      md_content: 'About **the poem**.',
      revision: 1,
      version: 0,
    });
    expect(record(await admin.client.get(`/admin-api/pages/${ids['The poet']}`))).toMatchObject({
      url: '/about/the-poet',
      category: 'Non-Menu',
      parent: ids.About,
      priority: null,
    });
    expect((await admin.client.get('/api/contact')).json()).toMatchObject({ pageid: ids.Contact, name: 'Contact', category: 'Footer' });
    expect((await admin.client.get('/admin-api/pages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const docs = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/admin-api/pages', '/admin-api/pages/{id}', '/admin-api/pages/{id}/restore']),
    );
  });

  it('lists pages without their text; sorts, filters by category and parent, searches names and paths, pages with Content-Range', async () => {
    const all = await list(`sort=${enc(['name', 'ASC'])}`);
    expect(all.headers['content-range']).toBe('pages 0-2/3');
    const pages = all.json<AdminPageAnswer[]>();
    expect(pages.map((p) => p.name)).toEqual(['About', 'Contact', 'The poet']);
    expect(pages[0]).not.toHaveProperty('md_content');
    expect(await names(`sort=${enc(['url', 'DESC'])}`)).toEqual(['Contact', 'The poet', 'About']);
    expect(await names(`sort=${enc(['priority', 'ASC'])}`)).toEqual(['The poet', 'Contact', 'About']);
    expect(await names(`filter=${enc({ category: 'Non-Menu' })}`)).toEqual(['The poet']);
    expect(await names(`sort=${enc(['name', 'ASC'])}&filter=${enc({ category: ['Main menu', 'Footer'] })}`)).toEqual(['About', 'Contact']);
    expect(await names(`filter=${enc({ parent: ids.About })}`)).toEqual(['The poet']);
    expect(await names(`filter=${enc({ q: 'POET' })}`)).toEqual(['The poet']);
    expect(await names(`filter=${enc({ q: '/cont' })}`)).toEqual(['Contact']);
    expect(await names(`sort=${enc(['name', 'ASC'])}&filter=${enc({ id: [ids.Contact, ids.About, 'not-an-id'] })}`)).toEqual(['About', 'Contact']);
    const second = await list(`sort=${enc(['name', 'ASC'])}&range=${enc([1, 1])}`);
    expect(second.json<AdminPageAnswer[]>().map((p) => p.name)).toEqual(['Contact']);
    expect(second.headers['content-range']).toBe('pages 1-1/3');
    expect((await list(`filter=${enc({ category: 'Sidebar' })}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('category') });
    expect((await list(`sort=${enc(['md_content', 'ASC'])}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('sort') });
  });

  it('saves a revision, moves a page whose url changed (the old path answers 301), and refuses a stale revision', async () => {
    const loaded = record(await admin.client.get(`/admin-api/pages/${ids.Contact}`));
    const saved = await admin.client.send('PUT', `/admin-api/pages/${loaded.id}`, {
      ...loaded,
      name: 'Write to us',
      url: '/write-to-us',
      md_content: 'Write.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(record(saved)).toMatchObject({
      id: loaded.id,
      name: 'Write to us',
      url: '/write-to-us',
      md_content: 'Write.',
      revision: 2,
      version: loaded.version + 2,
    });
    const old = await admin.client.get('/api/contact', after(saved));
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/write-to-us');
    expect((await admin.client.get('/api/write-to-us')).json()).toMatchObject({ pageid: loaded.id, name: 'Write to us' });
    const stale = await admin.client.send('PUT', `/admin-api/pages/${loaded.id}`, { ...loaded, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(record(await admin.client.get(`/admin-api/pages/${loaded.id}`))).toMatchObject({ name: 'Write to us' });
  });

  it('refuses bad category rules, missing fields and taken or reserved paths, naming the field and changing nothing', async () => {
    const head = await api.deps.store.headPosition();
    const about = record(await admin.client.get(`/admin-api/pages/${ids.About}`));
    const refusals: [string, string, Record<string, unknown>, number, string][] = [
      ['POST', '/admin-api/pages', page({ url: '/fresh', category: 'Non-Menu', priority: 3 }), 400, 'priority'],
      ['POST', '/admin-api/pages', page({ url: '/fresh', priority: null }), 400, 'priority'],
      ['POST', '/admin-api/pages', page({ url: '/fresh', parent: ids.About }), 400, 'parent'],
      ['POST', '/admin-api/pages', page({ url: '/fresh', category: 'Sidebar' }), 400, 'category'],
      ['POST', '/admin-api/pages', page({ url: '/fresh', md_content: ' ' }), 400, 'md_content'],
      ['POST', '/admin-api/pages', page({ url: '/about' }), 409, 'url'],
      ['POST', '/admin-api/pages', page({ url: '/blogs/mine' }), 400, 'url'],
      ['PUT', `/admin-api/pages/${about.id}`, { ...about, url: '/about/the-poet' }, 409, 'url'],
      ['PUT', `/admin-api/pages/${about.id}`, { ...about, category: 'Non-Menu' }, 400, 'priority'],
      ['PUT', `/admin-api/pages/${about.id}`, { ...about, permalink: 'Not A Slug' }, 400, 'permalink'],
    ];
    for (const [method, url, body, status, field] of refusals) {
      const response = await admin.client.send(method as 'POST' | 'PUT', url, body);
      expect(response.statusCode, `${method} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
      const error = response.json<{ message: string; fields: { field: string }[] }>();
      // The message names the field as the screens do (md_content: "Content"); `fields` keeps its machine name.
      expect(error.message.startsWith(`${fieldLabel(field) ?? field}:`), error.message).toBe(true);
      expect(error.fields.map((f) => f.field)).toContain(field);
    }
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('restores an earlier revision, by number or by the position the History tab sends', async () => {
    const id = ids.About!;
    const loaded = record(await admin.client.get(`/admin-api/pages/${id}`));
    const saved = await admin.client.send('PUT', `/admin-api/pages/${id}`, { ...loaded, md_content: 'Second text.' });
    expect(record(saved)).toMatchObject({ md_content: 'Second text.', revision: 2 });
    const back = await admin.client.send('POST', `/admin-api/pages/${id}/restore`, { revision: 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(record(back)).toMatchObject({ md_content: 'About **the poem**.', revision: 3 });
    const events = await api.deps.store.readStream(`page-${id}`);
    const second = events.find((e) => e.type === 'PageRevised')!;
    expect(record(await admin.client.send('POST', `/admin-api/pages/${id}/restore`, { position: second.position.toString() }))).toMatchObject({
      md_content: 'Second text.',
      revision: 4,
    });
    const history = await admin.client.get(`/admin-api/history?streamId=page-${id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json<unknown[]>()).toHaveLength(4);
    expect((await admin.client.send('POST', `/admin-api/pages/${id}/restore`, { revision: 9 })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('revision'),
    });
    expect((await admin.client.send('POST', `/admin-api/pages/${id}/restore`, { position: '1' })).statusCode).toBe(404);
    expect((await admin.client.send('POST', `/admin-api/pages/${id}/restore`, {})).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('revision'),
    });
  });

  it('deletes a page: gone from the list and its path, its path kept from other pages', async () => {
    const id = ids['The poet']!;
    const deleted = await admin.client.send('DELETE', `/admin-api/pages/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(record(deleted)).toMatchObject({ id, name: 'The poet', url: '/about/the-poet' });
    expect(await names('', after(deleted))).not.toContain('The poet');
    expect((await admin.client.get(`/admin-api/pages/${id}`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/about/the-poet')).statusCode).toBe(404);
    expect((await admin.client.send('DELETE', `/admin-api/pages/${id}`)).statusCode).toBe(404);
    expect((await admin.client.send('POST', '/admin-api/pages', page({ name: 'Again', url: '/about/the-poet' }))).statusCode).toBe(409);
  });

  it('is for admins only, reads and writes', async () => {
    const head = await api.deps.store.headPosition();
    const anonymous = new TestClient(api.app, '192.0.2.78');
    expect((await writer.client.get('/admin-api/pages')).statusCode).toBe(403);
    expect((await anonymous.get(`/admin-api/pages/${ids.About}`)).statusCode).toBe(401);
    const writes: ['POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', '/admin-api/pages', page({ url: '/mine' })],
      ['PUT', `/admin-api/pages/${ids.About}`, page()],
      ['DELETE', `/admin-api/pages/${ids.About}`, undefined],
      ['POST', `/admin-api/pages/${ids.About}/restore`, { revision: 1 }],
    ];
    for (const [method, url, body] of writes) {
      expect((await writer.client.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await anonymous.send(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});
