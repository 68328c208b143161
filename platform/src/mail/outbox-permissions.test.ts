import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport } from './index.js';

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

describe('outbox files', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-outbox-mode-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('are readable by the site alone: messages 0600 in a 0700 folder', async () => {
    const dir = path.join(root, 'outbox');
    const mail = createOutboxTransport({ dir });
    const { id } = await mail.send({ to: 'a@example.org', subject: 'Reset', text: 'https://epos.example/reset?code=secret' });
    await mail.close();
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(path.join(dir, `${id}.eml`))).toBe(0o600);
    expect(await modeOf(path.join(dir, `${id}.json`))).toBe(0o600);
  });

  it('closes up a folder an older version left open', async () => {
    const dir = path.join(root, 'old-outbox');
    await fs.mkdir(dir, { mode: 0o755 });
    await fs.chmod(dir, 0o755);
    const mail = createOutboxTransport({ dir });
    await mail.send({ to: 'b@example.org', subject: 'Hello', text: 'hi' });
    await mail.close();
    expect(await modeOf(dir)).toBe(0o700);
  });
});
