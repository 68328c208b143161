import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner } from '@epos/platform';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { changeLogProjection } from '@epos/projections';
import { EventRegistry, eventCatalog, POEM_STREAM } from '@epos/schemas';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const testDb = useTestDatabase();
let store: PostgresEventStore;
let progress: ProjectionProgress;
let runner: ProjectionRunner;

const rebuild = async (...args: string[]) => {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops/rebuild.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: testDb().url, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
};

beforeAll(async () => {
  const { database } = testDb();
  store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
  progress = new ProjectionProgress(database, store);
  await progress.start();
  // The site's projections process, running the change log (the read model this test rebuilds).
  runner = new ProjectionRunner({ database, store, projections: [changeLogProjection], logger: createLogger('silent', 'test') });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await progress.close();
  await store.close();
});

it('npm run rebuild rebuilds a read model beside the one serving and reports when it serves', { timeout: 300_000 }, async () => {
  for (let book = 1; book <= 30; book++) {
    await store.append(POEM_STREAM, [{ type: 'PoemBookNamed', data: { book, name: `Book ${book}` } }], { expectedRevision: 'any', cause: { actor: 'test' } });
  }
  await progress.waitFor(await store.headPosition(), { names: ['change_log'], timeoutMs: 60_000 });
  const before = await progress.schemaOf('change_log');

  const result = await rebuild('change_log');
  expect(result.out).toContain(`Rebuilding change_log as version ${changeLogProjection.version + 1} beside the version serving now.`);
  expect(result.out).toContain(`Version ${changeLogProjection.version + 1} of change_log is serving now.`);
  expect(result.code).toBe(0);
  await expect.poll(() => progress.schemaOf('change_log'), { timeout: 60_000 }).toBe(`rm_change_log_v${changeLogProjection.version + 1}`);
  expect(before).toBe(`rm_change_log_v${changeLogProjection.version}`);
  const rows = await testDb()
    .database.db.withSchema(`rm_change_log_v${changeLogProjection.version + 1}`)
    .selectFrom('changes' as never)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(rows.n)).toBe(30);
});

it('refuses a name that is no read model, listing those there are', async () => {
  const result = await rebuild('poems');
  expect(result.code).toBe(1);
  expect(result.out).toMatch(/^rebuild: "poems" is not a read model: one of change_log, poem, .*search/);
});
