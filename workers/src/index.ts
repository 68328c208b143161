export { startWorkers, handle, type JobRegistration, type RunningWorkers, type StartWorkersOptions } from './runner.js';
export { workerRegistry } from './registry.js';
