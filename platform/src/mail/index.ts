import { createOutboxTransport, outboxDir } from './outbox-transport.js';
import type { MailTransport } from './port.js';
import { createSmtpTransport } from './smtp-transport.js';

export { mailMessageSchema, type MailMessage, type MailTransport } from './port.js';
export { createSmtpTransport } from './smtp-transport.js';
export {
  createOutboxTransport,
  listOutbox,
  outboxDir,
  readOutboxEml,
  readOutboxMessage,
  OUTBOX_ID,
  type OutboxMessage,
  type OutboxSummary,
} from './outbox-transport.js';
export { extractLinks, isWebUrl, TEXT_URL, trimUrl } from './links.js';
export { oneLine } from './one-line.js';
export { sendMailJob, enqueueMail } from './send-mail-job.js';
export { mailOnce, sentMailKey } from './mail-once.js';

export interface MailTransportOptions {
  /** SMTP_URL: when set, mail goes out through it. */
  smtpUrl?: string | undefined;
  /** DATA_DIR (resolved): without SMTP_URL, mail is written to `<dataDir>/outbox/`. */
  dataDir: string;
  /** Default `Epos <no-reply@epos.local>`. */
  from?: string;
}

/** SMTP when `smtpUrl` is set, else the outbox folder under `dataDir`. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const from = options.from !== undefined ? { from: options.from } : {};
  return options.smtpUrl ? createSmtpTransport({ url: options.smtpUrl, ...from }) : createOutboxTransport({ dir: outboxDir(options.dataDir), ...from });
}

/** Which transport `createMailTransport` picks for this configuration. */
export function mailTransportKind(options: { smtpUrl?: string | undefined }): MailTransport['kind'] {
  return options.smtpUrl ? 'smtp' : 'outbox';
}
