/**
 * `npm start`: the whole site in one process (API + built reader UI, projections, workers),
 * on DATABASE_URL or, without it, on an embedded PostgreSQL under .data/.
 */
import { ProjectionRunner, runRole } from '@epos/platform';
import { seedDemoIfEmpty, startApiServer } from '@epos/api';
import { allProjections } from '@epos/projections';
import { startWorkerRole } from '@epos/workers';

await runRole('all', async (runtime) => {
  const projections = new ProjectionRunner({ ...runtime, projections: allProjections });
  runtime.shutdown.add('projections', () => projections.stop());
  await projections.start();
  await startWorkerRole(runtime);
  await seedDemoIfEmpty(runtime);
  await startApiServer(runtime);
  runtime.logger.info(`Epos is ready at http://${runtime.config.HOST}:${runtime.config.PORT}/`);
});
