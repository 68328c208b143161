import { afterAll, expect, it } from 'vitest';
import { createLogger, loadConfig, PostgresEventStore } from '@epos/platform';
import { sampleRegistry } from '@epos/platform/testkit/sample-events';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { seedDemoIfEmpty, type DemoSeeder, type SeedContext } from './seed.js';

const testDb = useTestDatabase();
const stores: PostgresEventStore[] = [];
afterAll(async () => Promise.all(stores.map((s) => s.close())));

const seeder: DemoSeeder = {
  name: 'counters',
  async seed({ store }) {
    await store.append('counter-demo', [{ type: 'CounterOpened', data: { name: 'demo' } }], { expectedRevision: 'no_stream', cause: { actor: 'system' } });
  },
};

function context(env: Record<string, string>): SeedContext {
  const store = new PostgresEventStore(testDb().database, sampleRegistry());
  stores.push(store);
  return { config: loadConfig(env), store, database: testDb().database, logger: createLogger('silent', 'seed') };
}

it('seeds demo content only into an empty store, and only when SEED_DEMO allows it', async () => {
  expect(await seedDemoIfEmpty(context({ SEED_DEMO: 'false' }), [seeder])).toBe(false);
  const ctx = context({});
  expect(await ctx.store.headPosition()).toBe(0n);
  expect(await seedDemoIfEmpty(ctx, [seeder])).toBe(true);
  expect(await ctx.store.readStream('counter-demo')).toHaveLength(1);
  expect(await seedDemoIfEmpty(ctx, [seeder])).toBe(false);
  expect(await ctx.store.readStream('counter-demo')).toHaveLength(1);
});
