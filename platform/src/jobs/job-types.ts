import { notifySubscribers, publishScheduledPost } from '../blogs/jobs.js';
import { sendMailJob } from '../mail/send-mail-job.js';
import { renderPdfJob } from '../pdf/jobs.js';
import { makeShareCardJob } from '../cards/jobs.js';
import { deleteStoredObjectsJob, makeMediaDerivatives, sweepStorageJob } from '../media/jobs.js';
import type { JobDefinition } from './define-job.js';

/** Every job type the workers run: the admin dashboard lists their queues (workers/src/registry.test.ts checks they match). */
export const jobTypes: readonly JobDefinition[] = [
  sendMailJob,
  publishScheduledPost,
  notifySubscribers,
  renderPdfJob,
  makeShareCardJob,
  makeMediaDerivatives,
  sweepStorageJob,
  deleteStoredObjectsJob,
];
