import { runRole } from '@epos/platform';
import { startWorkers, workerRegistry } from './index.js';

await runRole('workers', async (runtime) => {
  const workers = await startWorkers({ jobs: runtime.jobs, handlers: workerRegistry, logger: runtime.logger });
  runtime.shutdown.add('workers', () => workers.stop());
  runtime.logger.info({ jobs: workerRegistry.map((r) => r.job.name), backend: runtime.jobs.kind }, 'workers running');
});
