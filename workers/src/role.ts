import { ProjectionProgress, type Runtime } from '@epos/platform';
import { startScheduleSweep } from './blogs/sweep.js';
import { workerHandlers } from './registry.js';
import { startWorkers } from './runner.js';

/** The workers role: every registered job handler plus the publishing schedule's sweep. */
export async function startWorkerRole(runtime: Runtime): Promise<void> {
  const progress = new ProjectionProgress(runtime.database, runtime.store);
  await progress.start();
  runtime.shutdown.add('worker projection progress', () => progress.close());
  const context = { ...runtime, progress };
  const handlers = workerHandlers(context);
  const workers = await startWorkers({ jobs: runtime.jobs, handlers, logger: runtime.logger });
  runtime.shutdown.add('workers', () => workers.stop());
  const sweep = startScheduleSweep(context);
  runtime.shutdown.add('schedule sweep', () => sweep.stop());
  runtime.logger.info({ jobs: handlers.map((r) => r.job.name), backend: runtime.jobs.kind }, 'workers running');
}
