import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/port.js';
import { EffectsDone } from '../reactors/effects-done.js';
import type { MailMessageInput } from './port.js';
import { enqueueMail, sendMailJob } from './send-mail-job.js';

/** The idempotency key under which the mail job with this id records its mail as sent. */
export const sentMailKey = (jobId: string) => `${sendMailJob.name}:${jobId}`;

/**
 * Queues the mail named `jobId` unless it is queued, being sent or sent already. `compose` runs
 * only then (it may issue a one-time code, which must not replace the one of a mail on its way);
 * null means there is nothing to send.
 */
export async function mailOnce(deps: { jobs: JobQueue; database: Database }, jobId: string, compose: () => Promise<MailMessageInput | null>): Promise<void> {
  if (await new EffectsDone(deps.database.db).has(sentMailKey(jobId))) return;
  const pending = await deps.jobs.inspect(sendMailJob, jobId);
  if (pending && pending.state !== 'failed') return;
  const message = await compose();
  if (message) await enqueueMail(deps.jobs, message, { jobId });
}
