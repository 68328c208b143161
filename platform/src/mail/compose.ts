import { createHash } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailMessage, SendOptions } from './port.js';

const ADDRESS_DOMAIN = /@([A-Za-z0-9.-]+)>?\s*$/;

/** The domain of a `from` address (`Epos <no-reply@epos.local>` gives `epos.local`); throws when there is none. */
export function domainOf(from: string): string {
  const domain = ADDRESS_DOMAIN.exec(from)?.[1];
  if (!domain) throw new Error(`The mail sender "${from}" must end with an address, like "Epos <no-reply@example.org>"`);
  return domain;
}

/** A short stable hash of an idempotency key. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** What nodemailer sends for a validated message: the sender is the transport's, the Message-ID follows the key. */
export function composeMail(message: MailMessage, from: string, options: SendOptions = {}): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    ...(options.idempotencyKey !== undefined ? { messageId: `<${keyHash(options.idempotencyKey)}@${domainOf(from)}>` } : {}),
  };
}
