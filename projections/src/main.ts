import { ProjectionRunner, runRole } from '@epos/platform';
import { allProjections } from './index.js';

await runRole('projections', async (runtime) => {
  const runner = new ProjectionRunner({ ...runtime, projections: allProjections });
  runtime.shutdown.add('projections', () => runner.stop());
  await runner.start();
  runtime.logger.info({ projections: allProjections.map((p) => `${p.name}@${p.version}`) }, 'projections running');
});
