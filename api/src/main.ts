import { boot } from '@epos/platform';
import { startApiServer } from './server.js';

const runtime = await boot('api');
await startApiServer(runtime);
