import { runRole } from '@epos/platform';
import { startWorkers, workerHandlers } from './index.js';

await runRole('workers', async (runtime) => {
  const handlers = workerHandlers(runtime);
  const workers = await startWorkers({ jobs: runtime.jobs, handlers, logger: runtime.logger });
  runtime.shutdown.add('workers', () => workers.stop());
  runtime.logger.info({ jobs: handlers.map((r) => r.job.name), backend: runtime.jobs.kind }, 'workers running');
});
