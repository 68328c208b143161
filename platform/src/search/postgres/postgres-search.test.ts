import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { schemaName } from '../../projections/define-projection.js';
import { useTestDatabase } from '../../testkit/vitest.js';
import type { SearchIndex } from '../port.js';
import { searchDocument, searchIndexContract, type SearchIndexUnderTest } from '../contract.js';
import { matchingDocuments, parseQuery } from './matching.js';
import { PostgresSearchIndex } from './postgres-search-index.js';

const testDb = useTestDatabase();
let versions = 0;

/** A fresh version of the search read model, set up and written as the projection runner does. */
async function openIndex(applied?: { position: bigint }): Promise<SearchIndexUnderTest & { schema: string }> {
  const { db } = testDb().database;
  const version = ++versions;
  const schema = schemaName('search', version);
  const appliedOf = applied && (() => ({ schema, position: applied.position }));
  const index: SearchIndex = new PostgresSearchIndex(testDb().database, { schemaOf: async () => schema, ...(appliedOf ? { appliedOf } : {}) });
  const inSchema = <T>(work: (db: Kysely<unknown>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
      return work(trx.withSchema(schema) as unknown as Kysely<unknown>);
    });
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await inSchema((db) => index.setup(db, version));
  return { index, schema, write: (change) => inSchema((db) => change(index.writer(db, version))) };
}

searchIndexContract('PostgreSQL', () => openIndex());

it("keeps the other tabs' counts of a query until the index moves on, and always counts the chosen tab", async () => {
  const applied = { position: 10n };
  const t = await openIndex(applied);
  const doc = (id: string, scope: 'first' | 'posts') => searchDocument({ id, scope, text: 'a heron in the reeds' });
  await t.write((w) => w.upsert([doc('s1', 'first'), doc('p1', 'posts')]));
  const find = (scope: 'first' | 'posts') => t.index.search({ q: 'heron', scope, page: 1, pageSize: 20, phrase: false });
  expect((await find('first')).counts).toMatchObject({ first: 1, posts: 1 });
  // Written without the position moving (as between a commit and its notice): the cached tab lags, the chosen one does not.
  await t.write((w) => w.upsert([doc('s2', 'first'), doc('p2', 'posts')]));
  const switched = await find('posts');
  expect([switched.counts.first, switched.counts.posts, switched.hits.length]).toEqual([1, 2, 2]);
  applied.position = 11n;
  expect((await find('posts')).counts).toMatchObject({ first: 2, posts: 2 });
});

it('finds candidates through the GIN index, and indexes thousands of documents a second', async () => {
  const t = await openIndex();
  const documents = Array.from({ length: 20_000 }, (_, i) =>
    searchDocument({ id: `d${i}`, sentence: i, order: i, scope: 'first', text: `the common lantern of evening number${i} burns over a quiet sea` }),
  );
  const started = performance.now();
  await t.write((w) => w.upsert(documents));
  const perSecond = documents.length / ((performance.now() - started) / 1000);
  console.log(`indexed ${Math.round(perSecond)} documents/s`);
  expect(perSecond).toBeGreaterThan(2000);
  const { db } = testDb().database;
  // As autovacuum does after a rebuild: the GIN index's pending list is merged, statistics known.
  await sql`vacuum analyze ${sql.id(t.schema, 'documents')}`.execute(db);
  const groups = await parseQuery(db, { q: 'number77 burning', phrase: false });
  expect(groups.length).toBeGreaterThan(1);
  const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from ${matchingDocuments(t.schema, groups, {}, 'first')}`.execute(db);
  const shown = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  expect(shown, shown).toMatch(/Bitmap Index Scan on documents_first_vector_idx/);
  expect((await t.index.search({ q: 'number77 burning', scope: 'first', page: 1, pageSize: 20, phrase: false })).total).toBe(1);
});

it('counts an autocomplete entry once per document holding it, and drops it with the last one', async () => {
  const t = await openIndex();
  const doc = (id: string, text: string) => searchDocument({ id, text, scope: 'first' });
  await t.write((w) => w.upsert([doc('a', 'ocean ocean'), doc('b', 'ocean'), doc('c', 'oak')]));
  const counts = () =>
    sql<{ key: string; documents: number }>`select key, documents from ${sql.id(t.schema, 'suggestions')} order by key`
      .execute(testDb().database.db)
      .then((r) => r.rows);
  expect(await counts()).toEqual([
    { key: 'oak', documents: 1 },
    { key: 'ocean', documents: 2 },
  ]);
  await t.write((w) => w.upsert([doc('a', 'oak')]));
  expect(await counts()).toEqual([
    { key: 'oak', documents: 2 },
    { key: 'ocean', documents: 1 },
  ]);
  // Told what a document replaces (as the projection is), it counts the same without reading it back.
  await t.write((w) => w.upsert([doc('b', 'oak ocean')], [doc('b', 'ocean')]));
  expect(await counts()).toEqual([
    { key: 'oak', documents: 3 },
    { key: 'ocean', documents: 1 },
  ]);
  await t.write((w) => w.remove({ ids: ['a', 'b', 'c'] }));
  expect(await counts()).toEqual([]);
});

it('stems French and German translations with their own languages, and the poem with English', async () => {
  const t = await openIndex();
  await t.write((w) =>
    w.upsert([
      searchDocument({ id: 'translation:1:fr', scope: 'translations', language: 'fr', text: 'Les oiseaux chantaient dans la forêt' }),
      searchDocument({ id: 'translation:1:de', scope: 'translations', language: 'de', text: 'Die Kinder spielten im Garten' }),
      searchDocument({ id: 'sentence:1:revised', text: 'The children were playing in the gardens' }),
    ]),
  );
  const find = async (q: string, scope: 'translations' | 'revised') =>
    (await t.index.search({ q, scope, page: 1, pageSize: 20, phrase: false })).hits.map((h) => h.id);
  expect(await find('oiseau chantait', 'translations')).toEqual(['translation:1:fr']);
  expect(await find('Kind Garten', 'translations')).toEqual(['translation:1:de']);
  expect(await find('Children plays garden', 'revised')).toEqual(['sentence:1:revised']);
});

it('offers "did you mean" from the poem words for the words it does not hold', async () => {
  const t = await openIndex();
  await t.write((w) =>
    w.upsert([
      searchDocument({ id: 's1', scope: 'revised', text: 'The lantern burned beside the harbour' }),
      searchDocument({ id: 'p1', scope: 'posts', title: 'Lanterns of Spring', text: 'x' }),
    ]),
  );
  expect(await t.index.didYouMean?.('lantren harbour')).toBe('lantern harbour');
  expect(await t.index.didYouMean?.('Harbour LANTERN')).toBeNull();
  expect(await t.index.didYouMean?.('zzzz')).toBeNull();
  expect(await t.index.didYouMean?.('"&|!:*')).toBeNull();
});

it('counts a scope up to 1,000 hits and orders one over it by poem order alone, page after page', async () => {
  const t = await openIndex();
  const many = Array.from({ length: 1001 }, (_, i) => searchDocument({ id: `s${i}`, sentence: i + 1, order: i + 1, text: 'a common word' }));
  await t.write((w) => w.upsert([...many, searchDocument({ id: 'titled', sentence: 0, order: 5000, title: 'Common', text: 'common, common' })]));
  const first = await t.index.search({ q: 'common', scope: 'revised', page: 1, pageSize: 3, phrase: false });
  expect(first).toMatchObject({ total: 1000, capped: ['revised'], more: true });
  expect(first.counts).toMatchObject({ revised: 1000, first: 0 });
  expect(first.hits.map((h) => h.id)).toEqual(['s0', 's1', 's2']);
  const last = await t.index.search({ q: 'common', scope: 'revised', page: 334, pageSize: 3, phrase: false });
  expect([last.more, last.hits.map((h) => h.id)]).toEqual([false, ['s999', 's1000', 'titled']]);
  await t.write((w) => w.remove({ ids: many.slice(2).map((d) => d.id) }));
  const ranked = await t.index.search({ q: 'common', scope: 'revised', page: 1, pageSize: 3, phrase: false });
  expect([ranked.total, ranked.capped, ranked.hits.map((h) => h.id)]).toEqual([3, [], ['titled', 's0', 's1']]);
});
