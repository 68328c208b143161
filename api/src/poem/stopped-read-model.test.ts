import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { BEING_REBUILT_MESSAGE } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { importPoem } from './import/import-poem.js';

/**
 * When the poem read model stops on an event it cannot apply: the health report names it, the
 * parts the log holds but the read model lacks are "being rebuilt" rather than missing, and the
 * other read models go on.
 */
let api: TestApi;
const get = (url: string) => api.app.inject({ method: 'GET', url });
const poem = (extra = '') =>
  ['Book 1: Inferno', 'Canto 1: The Dark Forest', 'Section 1', 'Midway upon the journey of our life', 'I found myself within a forest dark.', extra].join('\n');
const importText = (content: string) =>
  importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'inferno.txt', content, cause: { actor: 'importer' }, confirmed: true },
  );

beforeAll(async () => {
  api = await startTestApi();
  await importText(poem());
  await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 60_000 });
  // A read model that cannot hold one text, as an index too small for a long sentence once could not.
  const schema = await api.deps.progress.schemaOf(POEM_PROJECTION);
  await sql`alter table ${sql.id(schema, 'sentences')} add constraint no_ravens check (state::text not like '%Nevermore%')`.execute(api.deps.database.db);
  await importText(`${poem('Quoth the Raven, Nevermore.')}\nSection 2: The Hill\nBut after I had reached a mountain's foot.\n`);
});
afterAll(async () => api.close());

describe('a read model stopped on an event', () => {
  it('is named in /api/health with its event, stream and error; the others run on', async () => {
    await expect.poll(async () => (await get('/api/health')).json<{ status: string }>().status, { timeout: 60_000 }).toBe('degraded');
    const health = (await get('/api/health')).json<{
      message: string;
      projections: { name: string; active: boolean; status: string; failedAt: unknown; error: string | null; lag: string }[];
    }>();
    const stopped = health.projections.find((p) => p.name === POEM_PROJECTION && p.active)!;
    expect(stopped).toMatchObject({
      status: 'failed',
      failedAt: { streamId: 'sentence-2', eventType: 'SentenceTextSet', position: expect.stringMatching(/^\d+$/) },
    });
    expect(stopped.error).toMatch(/violates check constraint "no_ravens"/);
    expect(health.message).toMatch(/^Projection poem v\d+ stopped at position \d+ \(stream sentence-2, event SentenceTextSet\): new row/);
    const others = health.projections.filter((p) => p.active && p.name !== POEM_PROJECTION);
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((p) => p.status === 'failed')).toEqual([]);
    await expect
      .poll(async () => (await get('/api/health')).json<typeof health>().projections.find((p) => p.name === 'change_log')?.lag, { timeout: 60_000 })
      .toBe('0');
  });

  it('answers a part the log holds but the read model lacks with 503 "being rebuilt", a part nobody named with 404', async () => {
    const later = await get('/api/sbook/1/1/2');
    expect(later.statusCode).toBe(503);
    expect(later.json()).toMatchObject({ error: 'being_rebuilt', message: BEING_REBUILT_MESSAGE });
    expect(later.headers['retry-after']).toBe('60');
    expect((await get('/api/sbook/1/1/9')).json()).toMatchObject({ statusCode: 404, message: 'No book found' });
    expect((await get('/api/sbook/1/1/1')).statusCode).toBe(200);
    // A sentence number only the read model knows: being rebuilt while it is behind.
    expect((await get('/api/lineinfo/3')).json()).toMatchObject({ statusCode: 503, error: 'being_rebuilt' });
  });

  it('a query waiting for a write the read model will not reach is told at once, not after its timeout', async () => {
    const head = (await api.deps.store.headPosition()).toString();
    const started = Date.now();
    const answer = await api.app.inject({ method: 'GET', url: '/api/sbook/1/1/1', headers: { 'x-consistent-after': head } });
    expect(answer.json()).toMatchObject({ statusCode: 503, error: 'being_rebuilt' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
