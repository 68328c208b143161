import { ProjectionRunner, runRole } from '@epos/platform';
import { runtimeProjections } from './index.js';

await runRole('projections', async (runtime) => {
  const projections = runtimeProjections(runtime);
  const runner = new ProjectionRunner({ ...runtime, projections });
  runtime.shutdown.add('projections', () => runner.stop());
  await runner.start();
  runtime.logger.info({ projections: projections.map((p) => `${p.name}@${p.version}`) }, 'projections running');
});
