export { startWorkers, handle, type JobRegistration, type RunningWorkers, type StartWorkersOptions } from './runner.js';
export { workerRegistry, workerHandlers, type WorkerContext, type WorkerRegistryEntry } from './registry.js';
export { startWorkerRole } from './role.js';
export { reactorRunner, reactors } from './reactors.js';
export type { ReactorContext } from './reactor-context.js';
