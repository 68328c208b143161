import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp } from '../testkit/people.js';
import { importPoem } from '../poem/import/import-poem.js';
import { INFERNO_I } from '../poem/import/fixtures/real-verse.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import fs from 'node:fs';

let api: TestApi;
const site = async () =>
  (await api.app.inject({ method: 'GET', url: '/api/site' })).json<{
    poemTitle: string;
    poemAuthor: string;
    poemIntroduction: string | null;
    labels: { worksOn: string };
    poemTextSince: string | null;
  }>();
const importText = async (content: string, fileName = 'poem.txt') => {
  await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName, content, confirmed: true, cause: { actor: 'importer' } },
  );
  await caughtUp(api);
};

beforeAll(async () => {
  api = await startTestApi({ env: { POEM_TITLE: 'Savitri', POEM_AUTHOR: 'Sri Aurobindo' } });
});
afterAll(async () => api.close());

describe('GET /api/site', () => {
  it("names the configured poem until the poem's own file names it, kept between changes", async () => {
    expect(await site()).toMatchObject({
      poemTitle: 'Savitri',
      poemAuthor: 'Sri Aurobindo',
      labels: { worksOn: 'Works on Savitri' },
      poemTextSince: null,
      poemIntroduction: null,
    });
    expect(await site()).toMatchObject({ poemTitle: 'Savitri' });
    const importedOn = new Date().toISOString().slice(0, 10);
    await importText(INFERNO_I);
    await expect.poll(async () => (await site()).poemTitle, { timeout: 60_000 }).toBe('The Divine Comedy');
    expect(await site()).toMatchObject({ poemAuthor: 'Dante Alighieri (tr. Henry Wadsworth Longfellow)', labels: { worksOn: 'Works on The Divine Comedy' } });
    // The day its text begins: reading as of an earlier day finds none.
    const since = (await site()).poemTextSince!;
    expect([importedOn, new Date().toISOString().slice(0, 10)]).toContain(since);
    const before = new Date(Date.parse(since) - 86_400_000).toISOString().slice(0, 10);
    expect((await api.app.inject({ method: 'GET', url: `/api/sbook/1/1/1?asOf=${before}` })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/sbook/1/1/1?asOf=${since}` })).statusCode).toBe(200);
  });

  it("serves the introduction of the poem's file, kept when a file without one is imported", async () => {
    await importText(fs.readFileSync(DEMO_POEM_FILE, 'utf8'), 'poem.json');
    await expect.poll(async () => (await site()).poemIntroduction, { timeout: 60_000 }).toMatch(/^A short epic in blank verse.+\n\nRead it in three editions/s);
    await importText(INFERNO_I);
    await expect.poll(async () => (await site()).poemTitle, { timeout: 60_000 }).toBe('The Divine Comedy');
    expect((await site()).poemIntroduction).toMatch(/^A short epic/);
  });
});
