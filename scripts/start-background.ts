/**
 * `npm start`'s projections and workers, in a worker thread of its own (see ./start.ts): their
 * work never holds up the event loop that answers readers. Boots on the main thread's database
 * (DATABASE_URL in its environment), posts 'started' once running, and stops when sent 'stop'.
 */
import { parentPort } from 'node:worker_threads';
import { boot, ProjectionRunner } from '@epos/platform';
import { runtimeProjections } from '@epos/projections';
import { startWorkerRole } from '@epos/workers';

const runtime = await boot('background');
try {
  const projections = new ProjectionRunner({
    ...runtime,
    lease: { ttlMs: runtime.config.PROJECTION_LEASE_SECONDS * 1000 },
    projections: runtimeProjections(runtime),
  });
  runtime.shutdown.add('projections', () => projections.stop());
  await projections.start();
  await startWorkerRole(runtime);
} catch (error) {
  runtime.logger.fatal({ err: error }, 'the projections and workers failed to start');
  await runtime.shutdown.run();
  process.exit(1);
}
parentPort!.on('message', (message) => {
  if (message === 'stop') void runtime.shutdown.run().then(() => process.exit(0));
});
parentPort!.postMessage('started');
