import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { composeMail, domainOf, keyHash } from './compose.js';
import { extractLinks } from './links.js';
import { DEFAULT_MAIL_FROM, mailMessageSchema, type MailTransport } from './port.js';

/** `<timestamp>-<16 hex>`: the stem of a message's `.eml` and `.json` files, and its id at `/dev/mail/<id>`. */
export const OUTBOX_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{16}$/;

const outboxMessageSchema = z.object({
  id: z.string().regex(OUTBOX_ID),
  messageId: z.string(),
  /** ISO time the message was written. */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  headers: z.record(z.string(), z.string()),
  text: z.string(),
  html: z.string().optional(),
  links: z.array(z.string()),
});

/** A message in the outbox, as its `.json` file has it (the `.eml` beside it is the full RFC 5322 message). */
export type OutboxMessage = z.output<typeof outboxMessageSchema>;
export type OutboxSummary = Omit<OutboxMessage, 'headers' | 'text' | 'html'>;

/** Where the outbox transport writes under DATA_DIR. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export interface OutboxTransportOptions {
  /** The folder to write to (created on the first message), usually `outboxDir(config.dataDir)`. */
  dir: string;
  /** Default `Epos <no-reply@epos.local>`. */
  from?: string;
  /** The clock (tests). */
  now?: () => Date;
}

export interface OutboxTransport extends MailTransport {
  readonly kind: 'outbox';
  readonly dir: string;
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Messages carry reset and activation links: only the site's own user may read them. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, data, { mode: FILE_MODE });
  await fs.rename(temporary, file);
}

/** The outbox folder, made private; one made by an older version is closed up too. */
async function privateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  await fs.chmod(dir, DIR_MODE);
}

async function outboxIds(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => OUTBOX_ID.test(id));
}

/**
 * Development mail: each message is composed exactly as SMTP would carry it and
 * written to `<dir>/<timestamp>-<id>.eml`, with a `.json` summary beside it
 * (written last, so a listed message is complete) for the `/dev/mail` page.
 */
export function createOutboxTransport(options: OutboxTransportOptions): OutboxTransport {
  const { dir } = options;
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const now = options.now ?? (() => new Date());
  domainOf(from);
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let closed = false;
  return {
    kind: 'outbox',
    dir,
    async send(input, sendOptions = {}) {
      if (closed) throw new Error('The mail transport is closed');
      const message = mailMessageSchema.parse(input);
      const key = sendOptions.idempotencyKey;
      const suffix = key !== undefined ? keyHash(key).slice(0, 16) : randomBytes(8).toString('hex');
      if (key !== undefined) {
        const existing = (await outboxIds(dir)).find((id) => id.endsWith(`-${suffix}`));
        if (existing) return { id: existing };
      }
      const date = now();
      const id = `${stamp(date)}-${suffix}`;
      const info = await composer.sendMail({ ...composeMail(message, from, sendOptions), date });
      if (!Buffer.isBuffer(info.message)) throw new Error('The outbox expected the composed message as a buffer');
      const stored: OutboxMessage = {
        id,
        messageId: info.messageId,
        date: date.toISOString(),
        from,
        to: message.to,
        subject: message.subject,
        headers: message.headers ?? {},
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
        links: extractLinks(message),
      };
      await privateDir(dir);
      await writeAtomically(path.join(dir, `${id}.eml`), info.message);
      await writeAtomically(path.join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`);
      return { id };
    },
    async close() {
      if (closed) return;
      closed = true;
      composer.close();
    },
  };
}

/** One outbox message, or null when there is none with this id (or the id is not an outbox id). */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!OUTBOX_ID.test(id)) return null;
  let json: string;
  try {
    json = await fs.readFile(path.join(dir, `${id}.json`), 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = outboxMessageSchema.safeParse(data);
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

/** The RFC 5322 source of an outbox message, or null. */
export async function readOutboxEml(dir: string, id: string): Promise<Buffer | null> {
  if (!OUTBOX_ID.test(id)) return null;
  try {
    return await fs.readFile(path.join(dir, `${id}.eml`));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The outbox's messages, newest first (at most `limit`, default 200); unreadable files are skipped. */
export async function listOutbox(dir: string, options: { limit?: number } = {}): Promise<OutboxSummary[]> {
  const ids = (await outboxIds(dir))
    .sort()
    .reverse()
    .slice(0, options.limit ?? 200);
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(dir, id)));
  return messages.filter((m): m is OutboxMessage => m !== null).map(({ headers: _headers, text: _text, html: _html, ...summary }) => summary);
}
