import { notifySubscribers, publishScheduledPost } from '../blogs/jobs.js';
import { sendMailJob } from '../mail/send-mail-job.js';
import type { JobDefinition } from './define-job.js';

/** Every job type the workers run: the admin dashboard lists their queues (workers/src/registry.test.ts checks they match). */
export const jobTypes: readonly JobDefinition[] = [sendMailJob, publishScheduledPost, notifySubscribers];
