import fs from 'node:fs';
import { readdir, statfs } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LocalFolderStorage } from '@epos/platform/storage/index';
import { storageMessages, type StorageUsageAnswer } from '@epos/schemas';
import type { PoemReadModel } from '@epos/projections/poem/read-model';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import * as files from './testkit/test-files.js';

const MB = 1024 * 1024;
let api: TestApi;
let admin: Person;
let reader: Person;
let other: Person;

beforeAll(async () => {
  api = await startTestApi({ env: { STORAGE_ACCOUNT_QUOTA_MB: '1', STORAGE_SITE_QUOTA_MB: '3', STORAGE_MIN_FREE_MB: '0' } });
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  admin = await signIn(api, 'admin');
  reader = await signIn(api, 'user');
  other = await signIn(api, 'user');
  await caughtUp(api);
}, 300_000);
afterAll(async () => api?.close());

/** A WAV of about `kb` kilobytes, its bytes made its own by `tone`. */
const wavOf = (kb: number, tone: number) => {
  const wav = files.wav(Math.ceil((kb * 1024) / 8000));
  wav.fill(tone % 256, 44);
  return wav;
};

async function uploadAudio(person: Person, data: Buffer, url = '/postdata/works/audio'): Promise<LightMyRequestResponse> {
  const { payload, headers } = files.multipart([{ name: 'reading.wav', data, field: 'file' }]);
  return person.client.request({ method: 'POST', url, payload, headers: { ...headers, 'x-csrf-token': await person.client.csrf() } });
}

/** The account's usage as its upload form shows it, after `write` if given (read-your-writes). */
const usage = async (person: Person, write?: LightMyRequestResponse) =>
  (await person.client.get('/api/media/usage', write ? after(write) : {})).json<StorageUsageAnswer>();

/** Every file under the media folder, temporary ones included. */
async function filesInMediaFolder(): Promise<string[]> {
  const root = (api.deps.media as LocalFolderStorage).root;
  if (!fs.existsSync(root)) return [];
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

describe("each account's storage quota", () => {
  it('counts an account\'s uploads from their events, shows "x of y used", and refuses the upload over it with a message naming the quota, storing nothing', async () => {
    expect(await usage(reader)).toEqual({ used: 0, quota: MB, available: MB, inWords: '0 MB of 1 MB used' });
    const first = wavOf(600, 1);
    const uploaded = await uploadAudio(reader, first);
    expect(uploaded.statusCode).toBe(200);
    expect(await usage(reader, uploaded)).toMatchObject({
      used: first.byteLength,
      quota: MB,
      available: MB - first.byteLength,
      inWords: '0.5 MB of 1 MB used',
    });

    const head = await api.deps.store.headPosition();
    const stored = await filesInMediaFolder();
    const over = await uploadAudio(reader, wavOf(600, 2));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: 'quota_exceeded', message: storageMessages.accountFull(first.byteLength, MB), fields: [{ field: 'file' }] });
    expect(over.json<{ message: string }>().message).toContain('storage quota of 1 MB (0.5 MB of 1 MB used)');
    expect(await api.deps.store.headPosition()).toBe(head);
    expect(await filesInMediaFolder()).toEqual(stored);

    // A small one still fits; the same bytes again take no more room; another reader has a quota of their own.
    const small = await uploadAudio(reader, wavOf(100, 3));
    expect(small.statusCode).toBe(200);
    const again = await uploadAudio(reader, wavOf(100, 3));
    expect(again.statusCode).toBe(200);
    expect((await usage(reader, again)).used).toBe(first.byteLength + wavOf(100, 3).byteLength);
    const others = await uploadAudio(other, wavOf(600, 4));
    expect(others.statusCode).toBe(200);
    expect((await usage(other, others)).used).toBeGreaterThan(600 * 1024);
  });

  it('gives administrators no quota of their own, but the site-wide quota holds for everyone', async () => {
    expect((await usage(admin)).quota).toBeNull();
    expect((await usage(admin)).inWords).toMatch(/^0 MB used$/);
    // 3 MB for the site: about 1.3 MB taken by the readers above, so one 900 KB file fits, a second does not.
    expect((await uploadAudio(admin, wavOf(900, 5), '/postdata/mediaAudio')).json()).toMatchObject([{ status: 1 }]);
    const head = await api.deps.store.headPosition();
    const refused = await uploadAudio(admin, wavOf(900, 6), '/postdata/mediaAudio');
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ error: 'storage_full' });
    expect(refused.json<{ message: string }>().message).toMatch(/^The site's storage quota for uploads is full \(2\.\d MB of 3 MB used\)/);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('weighs uploads sent at the same moment one after another: never over the quota', async () => {
    const racer = await signIn(api, 'user');
    api.deps.config.STORAGE_SITE_QUOTA_MB = 1000;
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => uploadAudio(racer, wavOf(300, 20 + i))));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.statusCode === 413)).toHaveLength(3);
      await caughtUp(api);
      expect((await usage(racer)).used).toBeLessThanOrEqual(MB);
    } finally {
      api.deps.config.STORAGE_SITE_QUOTA_MB = 3;
    }
  });
});

/** Sends an upload over a real socket, its body streamed in chunks with no declared length; answers the status, body and the bytes sent before the answer came. */
async function streamUpload(
  base: string,
  person: Person,
  totalBytes: number,
): Promise<{ status: number; body: { message?: string; error?: string }; sent: number }> {
  const boundary = 'x-epos-stream-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  let sent = 0;
  let answered = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (answered || sent >= totalBytes) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(sent === 0 ? Buffer.concat([head, files.wav(1).subarray(0, 44), chunk]) : chunk);
      sent += chunk.byteLength;
      // As a phone on a slow line would send it: the server has time to answer before the end.
      await new Promise((r) => setTimeout(r, 5));
    },
  });
  const response = await fetch(`${base}/postdata/works/audio`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { cookie: person.client.cookieHeader(), 'x-csrf-token': await person.client.csrf(), 'content-type': `multipart/form-data; boundary=${boundary}` },
  } as RequestInit).catch((error: unknown) => {
    throw new Error(`the upload failed without an answer after ${sent} bytes`, { cause: error });
  });
  answered = true;
  return { status: response.status, body: (await response.json()) as { message?: string }, sent };
}

describe('a full disk', () => {
  let base: string;
  beforeAll(async () => {
    base = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses uploads with a clear message once the disk would keep less than its reserve, cuts one that grows past it mid-stream, leaves nothing half-written, and reading goes on', async () => {
    const writer = await signIn(api, 'user');
    const config = api.deps.config;
    const saved = { reserve: config.STORAGE_MIN_FREE_MB, account: config.STORAGE_ACCOUNT_QUOTA_MB, site: config.STORAGE_SITE_QUOTA_MB };
    config.STORAGE_ACCOUNT_QUOTA_MB = 1000;
    config.STORAGE_SITE_QUOTA_MB = 100_000;
    const root = (api.deps.media as LocalFolderStorage).root;
    const freeMb = async () => {
      const info = await statfs(root);
      return Math.floor((info.bavail * info.bsize) / MB);
    };
    try {
      const head = await api.deps.store.headPosition();
      const before = await filesInMediaFolder();

      // Less free than the reserve: refused before a byte of the body is read.
      config.STORAGE_MIN_FREE_MB = (await freeMb()) + 1;
      const refused = await uploadAudio(writer, wavOf(50, 9));
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toMatchObject({ error: 'storage_full', message: storageMessages.diskFull(config.STORAGE_MIN_FREE_MB * MB) });
      expect(refused.json<{ message: string }>().message).toMatch(/^The server's disk is nearly full \(an upload must leave \d+ MB free\)/);
      expect((await usage(writer)).available).toBe(0);

      // Two megabytes of room: a 40 MB recording streamed in is cut when it passes them, and answered at once.
      config.STORAGE_MIN_FREE_MB = (await freeMb()) - 2;
      const cut = await streamUpload(base, writer, 40 * MB);
      expect(cut.status).toBe(507);
      expect(cut.body).toMatchObject({ error: 'storage_full', message: storageMessages.diskFull(config.STORAGE_MIN_FREE_MB * MB) });
      expect(cut.sent).toBeLessThan(30 * MB);

      expect(await api.deps.store.headPosition()).toBe(head);
      expect(await filesInMediaFolder()).toEqual(before);
      expect((await filesInMediaFolder()).filter((f) => f.endsWith('.part'))).toEqual([]);
      // Reading is untouched.
      expect((await reader.client.get('/api/sbook/1/1/1')).statusCode).toBe(200);
      expect((await fetch(`${base}/api/sbook/1/1/1`)).status).toBe(200);
    } finally {
      config.STORAGE_MIN_FREE_MB = saved.reserve;
      config.STORAGE_ACCOUNT_QUOTA_MB = saved.account;
      config.STORAGE_SITE_QUOTA_MB = saved.site;
    }
  });

  it("cuts a body that grows past the account's quota as it streams in", async () => {
    const writer = await signIn(api, 'user');
    const head = await api.deps.store.headPosition();
    const before = await filesInMediaFolder();
    api.deps.config.STORAGE_SITE_QUOTA_MB = 100_000;
    try {
      const cut = await streamUpload(base, writer, 40 * MB);
      expect(cut.status).toBe(413);
      expect(cut.body).toMatchObject({ error: 'quota_exceeded', message: storageMessages.accountFull(0, MB) });
      expect(cut.sent).toBeLessThan(30 * MB);
    } finally {
      api.deps.config.STORAGE_SITE_QUOTA_MB = 3;
    }
    expect(await api.deps.store.headPosition()).toBe(head);
    expect(await filesInMediaFolder()).toEqual(before);
  });
});
