/** A projections process for the crash-safety test: runs until killed. */
import { connectDatabase, createLogger, PostgresEventStore, ProjectionRunner, type Projection } from '@epos/platform';
import { counterProjection } from '@epos/platform/testkit/counter-projection';
import { sampleRegistry } from '@epos/platform/testkit/sample-events';
import { changeLogProjection } from '../history/change-log.js';

const database = connectDatabase(process.env.DATABASE_URL!, { max: 4 });
const store = new PostgresEventStore(database, sampleRegistry());
const runner = new ProjectionRunner({
  database,
  store,
  logger: createLogger('warn', 'replay-process'),
  projections: [counterProjection() as Projection, changeLogProjection as Projection],
  batchSize: Number(process.env.BATCH_SIZE ?? 50),
  lease: { ttlMs: Number(process.env.LEASE_MS ?? 5000) },
});
await runner.start();
process.stdout.write(`started ${runner.holder}\n`);
