import { boot, ProjectionRunner } from '@epos/platform';
import { allProjections } from './index.js';

const runtime = await boot('projections');
const runner = new ProjectionRunner({ ...runtime, projections: allProjections });
runtime.shutdown.add('projections', () => runner.stop());
await runner.start();
runtime.logger.info({ projections: allProjections.map((p) => `${p.name}@${p.version}`) }, 'projections running');
