import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';

/** A job queue's own stream: what admins did to its runs (the Events log and its History). */
export const jobStream = (queue: string) => `job-${queue}`;
/** An admin ran a failed job again (the actor of the event); its payload stays out, as on the dashboard. */
export const jobRetried = defineEvent('JobRetried', z.object({ queue: z.string().min(1).max(100), jobId: z.string().min(1).max(256) }));
export const jobEvents = [jobRetried] as const;
export type JobEvent = EventOf<typeof jobEvents>;

/** One failed run of a job, as the dashboard shows it (the payload stays out: mails carry addresses). */
export const failedJobAnswer = z.object({
  jobId: z.string(),
  failedReason: z.string().describe('The error of its last attempt'),
  attemptsMade: z.number().int(),
  runAt: z.string().describe('When its first attempt was due'),
});
export type FailedJobAnswer = z.infer<typeof failedJobAnswer>;

/** One background job type's queue (GET /admin-api/queues): its runs per state and its latest failures. */
export const adminQueueAnswer = z.object({
  id: z.string().describe('The job name, e.g. mail.send'),
  waiting: z.number().int().describe('Due, not yet taken by a worker'),
  scheduled: z.number().int().describe('Waiting for their time, also between retries (BullMQ: delayed)'),
  running: z.number().int().describe('Taken by a worker now (BullMQ: active)'),
  failed: z.number().int().describe('Out of attempts; kept 30 days'),
  completed: z.number().int().describe('Kept 7 days'),
  failedJobs: z.array(failedJobAnswer).describe('The latest failed runs, most recent first (at most 10)'),
});
export type AdminQueueAnswer = z.infer<typeof adminQueueAnswer>;
export const adminQueuesAnswer = z.array(adminQueueAnswer);

export const adminQueueParams = z.object({ id: z.string().min(1).max(100) });
export const adminJobRetryParams = z.object({ id: z.string().min(1).max(100).describe('The job type (queue) name'), jobId: z.string().min(1).max(256) });
export const adminJobRetryAnswer = z.object({ id: z.string(), queue: z.string(), message: z.string() });
