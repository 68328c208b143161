import { runRole } from '@epos/platform';
import { startApiServer } from './server.js';

await runRole('api', async (runtime) => {
  await startApiServer(runtime);
});
