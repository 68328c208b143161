export {
  defineJob,
  parseJobPayload,
  serializeJobPayload,
  InvalidJobPayloadError,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF,
  type JobDefinition,
  type JobSpec,
  type JobBackoff,
  type JobInput,
  type JobPayload,
  type PayloadIssue,
} from './define-job.js';
export {
  JobRunningError,
  JobQueueClosedError,
  type JobQueue,
  type EnqueueOptions,
  type EnqueueResult,
  type JobContext,
  type JobHandler,
  type ProcessOptions,
  type JobWorker,
  type JobState,
  type JobInfo,
  type JobProgress,
  type JobCounts,
} from './port.js';
export { createJobQueue, BullmqJobQueue, type JobQueueOptions, type BullmqJobQueueOptions } from './bullmq-job-queue.js';
export { QuietErrorLog } from './quiet-error-log.js';
export { enqueueOnce } from './enqueue-once.js';
