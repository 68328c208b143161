import { EffectsDone, ProjectionProgress, type Runtime } from '@epos/platform';
import { startScheduleSweep } from './blogs/sweep.js';
import { startStorageSweep } from './media/storage-sweep.js';
import { reactorRunner, reactors } from './reactors.js';
import { workerHandlers } from './registry.js';
import { startWorkers } from './runner.js';

/** The workers role: the reactors that turn events into jobs, every registered job handler, the publishing schedule's sweep and the storage sweep. */
export async function startWorkerRole(runtime: Runtime): Promise<void> {
  const progress = new ProjectionProgress(runtime.database, runtime.store);
  await progress.start();
  runtime.shutdown.add('worker projection progress', () => progress.close());
  const context = { ...runtime, progress };
  const handlers = workerHandlers(context);
  const workers = await startWorkers({ jobs: runtime.jobs, handlers, logger: runtime.logger });
  runtime.shutdown.add('workers', () => workers.stop());
  // Far beyond the mail horizon (a replay does not mail about older events) and BullMQ's keeping of completed jobs.
  await new EffectsDone(runtime.database.db).prune(30 * 24 * 3600_000);
  const runner = reactorRunner(context);
  await runner.start();
  runtime.shutdown.add('reactors', () => runner.stop());
  const sweepSeconds = runtime.config.SCHEDULE_SWEEP_SECONDS;
  if (sweepSeconds > 0) {
    const sweep = startScheduleSweep(context, sweepSeconds * 1000);
    runtime.shutdown.add('schedule sweep', () => sweep.stop());
  }
  const storageMinutes = runtime.config.STORAGE_SWEEP_MINUTES;
  if (storageMinutes > 0) {
    const sweep = startStorageSweep(context, storageMinutes * 60_000);
    runtime.shutdown.add('storage sweep', async () => sweep.stop());
  }
  runtime.logger.info({ jobs: handlers.map((r) => r.job.name), reactors: reactors.map((r) => r.name), backend: runtime.jobs.kind }, 'workers running');
}
