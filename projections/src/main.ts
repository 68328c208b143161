import { ProjectionRunner, runRole } from '@epos/platform';
import { runtimeProjections } from './index.js';

await runRole('projections', async (runtime) => {
  const projections = runtimeProjections(runtime);
  const runner = new ProjectionRunner({ ...runtime, lease: { ttlMs: runtime.config.PROJECTION_LEASE_SECONDS * 1000 }, projections });
  runtime.shutdown.add('projections', () => runner.stop());
  await runner.start();
  runtime.logger.info({ projections: projections.map((p) => `${p.name}@${p.version}`) }, 'projections running');
});
