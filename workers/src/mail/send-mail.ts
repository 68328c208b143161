import type { Database } from '@epos/platform';
import { EffectsDone } from '@epos/platform';
import type { JobContext } from '@epos/platform/jobs/index';
import { sendMailJob, sentMailKey, type MailMessage, type MailTransport } from '@epos/platform/mail/index';
import { handle, type JobRegistration } from '../runner.js';

/**
 * Hands the mail to the transport; a failure (server down, 4xx/5xx answer) throws, so the job
 * retries with backoff. The job id is the idempotency key: a run repeated after a crash reuses
 * the Message-ID (SMTP) or the file (outbox), and a mail recorded as sent is not sent again
 * (a reactor replayed from the start queues the same job ids).
 */
function sendMailHandler(mail: MailTransport, database: Database) {
  const done = new EffectsDone(database.db);
  return async (message: MailMessage, context: JobContext): Promise<void> => {
    const key = sentMailKey(context.jobId);
    if (await done.has(key)) {
      context.logger.info('mail already sent; not sending it again');
      return;
    }
    const sent = await mail.send(message, { idempotencyKey: key });
    await done.record(key);
    context.logger.info({ transport: mail.kind, messageId: sent.id }, 'mail sent');
  };
}

/** The worker registry's entry for `mail.send`, built with the process's transport. */
export function sendMail(context: { mail: MailTransport; database: Database }): JobRegistration {
  return handle(sendMailJob, sendMailHandler(context.mail, context.database));
}
