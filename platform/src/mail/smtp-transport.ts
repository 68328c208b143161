import { createTransport } from 'nodemailer';
import { composeMail, domainOf } from './compose.js';
import { DEFAULT_MAIL_FROM, mailMessageSchema, type MailTransport } from './port.js';

export interface SmtpTransportOptions {
  /** `smtp://user:password@host:587` or `smtps://…:465`; nodemailer's URL options (e.g. `?pool=true`) apply. */
  url: string;
  /** Default `Epos <no-reply@epos.local>`. */
  from?: string;
}

/**
 * Sends through an SMTP server with nodemailer, one connection per message
 * (mail goes out from jobs, one at a time per worker). A server that is down
 * or answers with an error rejects the send, so the job retries later.
 */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  domainOf(from);
  // Timeouts short enough that a hung server fails the attempt instead of holding the worker for minutes.
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  let closed = false;
  return {
    kind: 'smtp',
    async send(input, sendOptions = {}) {
      if (closed) throw new Error('The mail transport is closed');
      const message = mailMessageSchema.parse(input);
      const info = await transporter.sendMail(composeMail(message, from, sendOptions));
      return { id: info.messageId };
    },
    async close() {
      if (closed) return;
      closed = true;
      transporter.close();
    },
  };
}
