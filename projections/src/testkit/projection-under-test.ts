import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Database, type NewEvent, type Projection } from '@epos/platform';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { EventRegistry, eventCatalog } from '@epos/schemas';

export interface ProjectionUnderTest<ReadModel> {
  database(): Database;
  store(): PostgresEventStore;
  /** Appends to the stream (as `actor`, else a tool called "test") and answers the read model once the projection has applied the events. */
  append(streamId: string, events: NewEvent[], actor?: string): Promise<Kysely<ReadModel>>;
}

/** One projection running over a fresh database for the whole test file. */
export function useProjectionUnderTest<ReadModel>(projection: Projection): ProjectionUnderTest<ReadModel> {
  const testDb = useTestDatabase();
  let store: PostgresEventStore;
  let progress: ProjectionProgress;
  let runner: ProjectionRunner;
  beforeAll(async () => {
    const { database } = testDb();
    store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
    progress = new ProjectionProgress(database, store);
    await progress.start();
    runner = new ProjectionRunner({ database, store, projections: [projection], logger: createLogger('silent', 'test') });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await progress.close();
    await store.close();
  });
  return {
    database: () => testDb().database,
    store: () => store,
    async append(streamId, events, actor = 'test') {
      const { position } = await store.append(streamId, events, { expectedRevision: 'any', cause: { actor } });
      expect(await progress.waitFor(position, { names: [projection.name], timeoutMs: 20_000 })).toBeTruthy();
      return progress.readModel<ReadModel>(projection.name);
    },
  };
}
