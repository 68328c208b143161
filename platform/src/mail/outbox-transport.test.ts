import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, createOutboxTransport, listOutbox, outboxDir, readOutboxEml, readOutboxMessage } from './index.js';

describe('outbox transport', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-outbox-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is what createMailTransport picks without an SMTP URL', async () => {
    const mail = createMailTransport({ smtpUrl: undefined, dataDir });
    expect(mail.kind).toBe('outbox');
    await mail.close();
  });

  it('writes each message as .eml plus a .json summary, and lists them newest first', async () => {
    const dir = path.join(dataDir, 'listing');
    let clock = Date.parse('2030-01-02T03:04:05.006Z');
    const mail = createOutboxTransport({ dir, now: () => new Date((clock += 1000)) });
    const first = await mail.send({ to: 'one@example.org', subject: 'First', text: 'Reset: https://epos.example/reset?t=1' });
    const second = await mail.send({
      to: 'two@example.org',
      subject: 'Second',
      text: 'See the HTML.',
      html: '<a href="https://epos.example/a?x=1&amp;y=2">a</a> <a href="javascript:alert(1)">bad</a>',
      headers: { 'List-Unsubscribe': '<https://epos.example/u>' },
    });
    await mail.close();

    expect(first.id).toMatch(/^2030-01-02T03-04-06-006Z-[0-9a-f]{16}$/);
    expect((await fs.readdir(dir)).sort()).toEqual([`${first.id}.eml`, `${first.id}.json`, `${second.id}.eml`, `${second.id}.json`].sort());

    const listed = await listOutbox(dir);
    expect(listed.map((m) => [m.to, m.subject, m.links])).toEqual([
      ['two@example.org', 'Second', ['https://epos.example/a?x=1&y=2']],
      ['one@example.org', 'First', ['https://epos.example/reset?t=1']],
    ]);
    expect(listed[0]).toMatchObject({ id: second.id, date: '2030-01-02T03:04:07.006Z', from: 'Epos <no-reply@epos.local>' });
    expect(listed[0]).not.toHaveProperty('text');

    const read = await readOutboxMessage(dir, second.id);
    expect(read).toMatchObject({ text: 'See the HTML.', headers: { 'List-Unsubscribe': '<https://epos.example/u>' } });
    expect(read?.html).toContain('javascript:alert(1)');

    // The .eml is the message as SMTP would carry it.
    const parsed = await simpleParser((await readOutboxEml(dir, first.id))!);
    expect(parsed.to).toMatchObject({ text: 'one@example.org' });
    expect(parsed.subject).toBe('First');
    expect(parsed.text?.trim()).toBe('Reset: https://epos.example/reset?t=1');
    expect(parsed.messageId).toBe((await readOutboxMessage(dir, first.id))?.messageId);
  });

  it('keeps one copy per idempotency key', async () => {
    const dir = path.join(dataDir, 'idempotent');
    const mail = createOutboxTransport({ dir });
    const message = { to: 'a@example.org', subject: 'Welcome', text: 'hi' };
    const a = await mail.send(message, { idempotencyKey: 'mail.send:welcome-1' });
    const b = await mail.send(message, { idempotencyKey: 'mail.send:welcome-1' });
    const c = await mail.send(message, { idempotencyKey: 'mail.send:welcome-2' });
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
    expect(await listOutbox(dir)).toHaveLength(2);
  });

  it('answers null or an empty list for unknown ids, path tricks, a missing folder and stray files', async () => {
    const dir = outboxDir(path.join(dataDir, 'never-written'));
    expect(await listOutbox(dir)).toEqual([]);
    expect(await readOutboxMessage(dir, '2030-01-02T03-04-05-006Z-0123456789abcdef')).toBeNull();
    expect(await readOutboxMessage(dir, '../../etc/passwd')).toBeNull();
    expect(await readOutboxEml(dir, '../outbox-transport')).toBeNull();

    const messy = path.join(dataDir, 'messy');
    await fs.mkdir(messy);
    await fs.writeFile(path.join(messy, '2030-01-02T03-04-05-006Z-0123456789abcdef.json'), '{ not json');
    await fs.writeFile(path.join(messy, 'notes.json'), '{}');
    expect(await listOutbox(messy)).toEqual([]);
  });
});
