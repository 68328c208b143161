import { defineJob } from '../jobs/define-job.js';
import { enqueueOnce } from '../jobs/enqueue-once.js';
import type { JobQueue } from '../jobs/port.js';
import { mailMessageSchema, type MailMessageInput } from './port.js';

/**
 * Sends one mail through the process's transport. Retried with exponential
 * backoff from 2 s: 14 tries span about 4.5 hours of mail-server outage before the job
 * is marked failed (kept 30 days; `enqueueMail` with the same jobId runs it again).
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: mailMessageSchema,
  attempts: 14,
  backoff: { type: 'exponential', delayMs: 2000 },
});

export interface EnqueueMailOptions {
  /**
   * Names the mail for idempotency, e.g. `welcome:<event id>`: while a run with
   * this id is pending, running or completed (completed runs are kept 7 days),
   * enqueueing again does nothing. A failed one is enqueued anew.
   */
  jobId?: string;
  /** Send no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface EnqueuedMail {
  jobId: string;
  /** False when a run with this jobId already existed, so nothing was enqueued. */
  enqueued: boolean;
}

/** Queues a mail for the `mail.send` job (validated now: throws InvalidJobPayloadError naming the field). */
export async function enqueueMail(jobs: JobQueue, message: MailMessageInput, options: EnqueueMailOptions = {}): Promise<EnqueuedMail> {
  const { jobId } = options;
  const delay = options.delayMs !== undefined ? { delayMs: options.delayMs } : {};
  if (jobId === undefined) {
    const result = await jobs.enqueue(sendMailJob, message, delay);
    return { jobId: result.jobId, enqueued: true };
  }
  return { jobId, enqueued: await enqueueOnce(jobs, sendMailJob, message, { ...delay, jobId }) };
}
