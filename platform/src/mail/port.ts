import { z } from 'zod';

/** Headers a message may not set through `headers`: the transport writes them from the message's own fields. */
const RESERVED_HEADERS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'return-path',
]);
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const LINE_BREAK = /[\r\n]/;

/**
 * One outgoing mail. It is also the payload of the `mail.send` job, so it stays
 * plain JSON. The sender is the transport's (`from`), never the message's.
 */
export const mailMessageSchema = z.object({
  to: z.email({ message: 'expected an e-mail address' }),
  subject: z
    .string()
    .trim()
    .min(1, 'expected a subject')
    .max(300, 'expected at most 300 characters')
    .refine((s) => !LINE_BREAK.test(s), 'expected one line'),
  text: z.string().max(1_000_000, 'expected at most 1,000,000 characters'),
  html: z.string().max(2_000_000, 'expected at most 2,000,000 characters').optional(),
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post`, or `Reply-To`. */
  headers: z
    .record(z.string(), z.string().max(2000, 'expected at most 2000 characters'))
    .optional()
    .superRefine((headers, ctx) => {
      for (const [name, value] of Object.entries(headers ?? {})) {
        if (!HEADER_NAME.test(name)) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'expected a header name of letters, digits and -' });
        } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is set by the mail transport, not by the message' });
        }
        if (LINE_BREAK.test(value)) ctx.addIssue({ code: 'custom', path: [name], message: 'expected one line' });
      }
    }),
});

export type MailMessage = z.output<typeof mailMessageSchema>;
export type MailMessageInput = z.input<typeof mailMessageSchema>;

export interface SendOptions {
  /**
   * Names this mail for de-duplication (the `mail.send` job passes its job id):
   * sent again with the same key, the SMTP transport reuses the Message-ID (so
   * a repeat after a crash can be recognised) and the outbox keeps one copy.
   */
  idempotencyKey?: string;
}

interface SentMail {
  /** SMTP: the Message-ID; outbox: the message's id in the outbox (`/dev/mail/<id>`). */
  id: string;
}

/**
 * The one port for outgoing mail: SMTP when SMTP_URL is set, else files in
 * `<DATA_DIR>/outbox/` shown at `/dev/mail`. Code that wants mail sent enqueues
 * the `mail.send` job (`enqueueMail`) rather than calling a transport, so that
 * a mail server outage delays mail instead of losing it.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Validates the message (throws a ZodError naming the field) and sends it; rejects when it could not be handed over. */
  send(message: MailMessageInput, options?: SendOptions): Promise<SentMail>;
  /** Releases connections. Idempotent. */
  close(): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Epos <no-reply@epos.local>';
