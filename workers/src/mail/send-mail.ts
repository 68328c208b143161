import type { JobContext } from '@epos/platform/jobs/index';
import { sendMailJob, type MailMessage, type MailTransport } from '@epos/platform/mail/index';
import { handle, type JobRegistration } from '../runner.js';

/**
 * Hands the mail to the transport; a failure (server down, 4xx/5xx answer)
 * throws, so the job retries with backoff. The job id is the idempotency key:
 * a run repeated after a crash reuses the Message-ID (SMTP) or the file (outbox).
 */
export function sendMailHandler(mail: MailTransport) {
  return async (message: MailMessage, context: JobContext): Promise<void> => {
    const sent = await mail.send(message, { idempotencyKey: `${sendMailJob.name}:${context.jobId}` });
    context.logger.info({ transport: mail.kind, messageId: sent.id }, 'mail sent');
  };
}

/** The worker registry's entry for `mail.send`, built with the process's transport. */
export function sendMail(context: { mail: MailTransport }): JobRegistration {
  return handle(sendMailJob, sendMailHandler(context.mail));
}
