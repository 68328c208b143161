export { startWorkers, handle, type JobRegistration, type RunningWorkers } from './runner.js';
export { workerRegistry } from './registry.js';
export { startWorkerRole } from './role.js';
export { reactorRunner } from './reactors.js';
export type { ReactorContext } from './reactor-context.js';
