export { defineJob, InvalidJobPayloadError, type JobDefinition, type JobInput } from './define-job.js';
export {
  JobRunningError,
  JobQueueClosedError,
  type JobQueue,
  type JobContext,
  type ProcessOptions,
  type JobWorker,
  type JobState,
  type JobInfo,
  type JobProgress,
} from './port.js';
export { createJobQueue } from './bullmq-job-queue.js';
export { QuietErrorLog } from './quiet-error-log.js';
export { enqueueOnce } from './enqueue-once.js';
