import { runRole } from '@epos/platform';
import { startWorkerRole } from './role.js';

await runRole('workers', startWorkerRole);
