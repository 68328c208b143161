import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Projection } from '@epos/platform';
import { createSearchIndex, type SearchIndex } from '@epos/platform/search/index';
import { extremeEvents } from '@epos/platform/testkit/extreme-events';
import { textOf, unboundedPaths } from '@epos/platform/testkit/extreme-values';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { searchScopes } from '@epos/schemas/search/documents';
import { MAX_QUERY_LENGTH } from '@epos/schemas/search/documents';
import { seal } from './accounts/sealing.js';
import { productProjections } from './index.js';

/**
 * Whatever a decider can accept, every read model can hold: each event type of the catalogue, with
 * the largest, the densest and the smallest values its schema admits (platform/src/testkit/
 * extreme-values.ts), is applied by every projection of the product and written into the search
 * index the configuration names (PostgreSQL; Typesense too when TYPESENSE_URL is set). A new
 * projection is covered by being listed in `productProjections`, a new event by the catalogue.
 */
const testDb = useTestDatabase();
let store: PostgresEventStore;
let progress: ProjectionProgress;
let runner: ProjectionRunner;
let search: SearchIndex;
let projections: readonly Projection[];

/** One key per world of values, given to every id the world made. */
const keyOf = (world: string) => createHash('sha256').update(`key/${world}`).digest();

beforeAll(async () => {
  const { database } = testDb();
  store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
  progress = new ProjectionProgress(database, store);
  await progress.start();
  search = createSearchIndex(
    { TYPESENSE_URL: process.env.TYPESENSE_URL, TYPESENSE_API_KEY: process.env.TYPESENSE_API_KEY },
    { database, readModels: progress },
  );
  projections = productProjections(search);
});
afterAll(async () => {
  await runner?.stop();
  await progress.close();
  await search.close();
  await store.close();
});

it('every event field has an upper bound (a read model cannot hold what has none)', () => {
  const unbounded = eventCatalog.flatMap((d) => unboundedPaths(d.schema).map((path) => `${d.type}.${path}`));
  expect(unbounded).toEqual([]);
});

it('every projection applies the most demanding events the schemas admit', { timeout: 300_000 }, async () => {
  const { database } = testDb();
  const ids = new Map<string, Set<string>>();
  const events = extremeEvents(eventCatalog, {
    options: (world) => {
      const made = ids.get(world) ?? new Set<string>();
      ids.set(world, made);
      return { ids: made, seal: (value: unknown) => seal(keyOf(world), value) };
    },
  });
  const keys = [...ids].flatMap(([world, made]) => [...made].map((user_id) => ({ user_id, key: keyOf(world) })));
  await database.db
    .insertInto('user_keys')
    .values(keys)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // A stream's events in a row go in as one command's, as an import or an edit appends them.
  for (let start = 0; start < events.length;) {
    let end = start + 1;
    while (end < events.length && events[end]!.streamId === events[start]!.streamId) end++;
    const run = events.slice(start, end);
    await store.append(
      run[0]!.streamId,
      run.map((e) => ({ type: e.type, data: e.data })),
      { expectedRevision: 'any', cause: { actor: run[0]!.actor } },
    );
    start = end;
  }
  const head = await store.headPosition();

  runner = new ProjectionRunner({ database, store, projections, logger: createLogger('silent', 'test'), batchSize: 50 });
  await runner.start();
  // Each read model reaches the head, or stops on an event it cannot apply (named by its failure).
  for (const { name } of projections) await progress.waitFor(head, { names: [name], timeoutMs: 240_000 }).catch(() => null);
  const failures = [...runner.failed.values()].map((f) => f.message);
  expect(failures).toEqual([]);
  expect(await progress.waitFor(head, { timeoutMs: 1000 })).toBeInstanceOf(Map);

  // What they wrote can be searched for, with the longest query a reader may type, in every scope.
  for (const scope of searchScopes) {
    for (const q of [textOf(MAX_QUERY_LENGTH, 'largest'), textOf(MAX_QUERY_LENGTH, 'dense'), '||1||']) {
      await expect(search.search({ q, scope, page: 1, pageSize: 20, phrase: false })).resolves.toBeDefined();
      await expect(search.search({ q, scope, page: 1, pageSize: 20, phrase: true })).resolves.toBeDefined();
    }
  }
  await expect(search.suggest(textOf(100, 'dense'), 10)).resolves.toBeDefined();
});
