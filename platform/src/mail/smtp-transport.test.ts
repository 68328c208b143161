import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testkit/free-port.js';
import { createMailTransport, createSmtpTransport, extractLinks, type MailTransport } from './index.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

describe('SMTP transport (a real SMTP server on loopback)', () => {
  let smtp: TestSmtpServer;
  let mail: MailTransport;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mail = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Epos Test <mail@epos.test>' });
  });
  afterAll(async () => {
    await mail?.close();
    await smtp?.stop();
  });

  it('delivers the message: sender, recipient, subject, text, HTML, extra headers and links', async () => {
    expect(mail.kind).toBe('smtp');
    const before = smtp.received.length;
    const confirm = 'https://epos.example/confirm?token=a1b2c3&next=%2Fblogs';
    const sent = await mail.send({
      to: 'reader@example.org',
      subject: 'Confirm your address — Épos',
      text: `Welcome!\n\nConfirm your address: ${confirm}.\n`,
      html: `<p>Welcome!</p><p><a href="${confirm.replace(/&/g, '&amp;')}">Confirm your address</a></p>`,
      headers: { 'List-Unsubscribe': '<https://epos.example/unsubscribe?u=1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });

    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const parsed = received!.parsed;
    expect(received!.envelope).toEqual({ from: 'mail@epos.test', to: ['reader@example.org'] });
    expect(parsed.messageId).toBe(sent.id);
    expect(parsed.from?.text).toBe('"Epos Test" <mail@epos.test>');
    expect(parsed.subject).toBe('Confirm your address — Épos');
    const header = (name: string) => parsed.headerLines.find((h) => h.key === name)?.line;
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://epos.example/unsubscribe?u=1>');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The link, read back out of the received text and HTML.
    const links = extractLinks({ text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : undefined });
    expect(links).toEqual([confirm]);
  });

  it('derives the Message-ID from an idempotency key, so a repeat is recognisable', async () => {
    const before = smtp.received.length;
    const message = { to: 'a@example.org', subject: 'Once', text: 'hello' };
    const first = await mail.send(message, { idempotencyKey: 'mail.send:welcome-1' });
    const second = await mail.send(message, { idempotencyKey: 'mail.send:welcome-1' });
    const other = await mail.send(message, { idempotencyKey: 'mail.send:welcome-2' });
    expect(first.id).toMatch(/^<[0-9a-f]{32}@epos\.test>$/);
    expect(second.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    const received = (await smtp.waitFor(before + 3)).slice(before);
    expect(received.map((r) => r.parsed.messageId)).toEqual([first.id, first.id, other.id]);
  });

  it('rejects a message that breaks the schema, naming the field, before connecting', async () => {
    await expect(mail.send({ to: 'not-an-address', subject: 'x', text: 'x' })).rejects.toThrow(/to.*e-mail address/s);
    await expect(mail.send({ to: 'a@example.org', subject: 'x\r\nBcc: victim@example.org', text: 'x' })).rejects.toThrow(/one line/);
    await expect(mail.send({ to: 'a@example.org', subject: 'x', text: 'x', headers: { Bcc: 'victim@example.org' } })).rejects.toThrow(
      /set by the mail transport/,
    );
  });

  it('rejects when the server is down (so a mail job retries)', async () => {
    const down = createSmtpTransport({ url: `smtp://127.0.0.1:${await freePort()}` });
    try {
      await expect(down.send({ to: 'a@example.org', subject: 'x', text: 'x' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });
});
