/**
 * The storage sweep through the real path: uploads and works through the API, the sweep as a
 * `storage.sweep` job on the queue, its events in the log (and the console's Events page), and the
 * files deleted by the `storage.delete-objects` jobs the storage reactor queues after them.
 */
import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createMailTransport, type MailTransport } from '@epos/platform/mail/index';
import { sweepStorageJob } from '@epos/platform/media/jobs';
import {
  cardStream,
  mediaStream,
  pdfMessages,
  pdfStream,
  type GeneratePdfAnswer,
  type MediaEvent,
  type PdfStatusAnswer,
  type StorageUsageAnswer,
  type UploadedImageAnswer,
} from '@epos/schemas';
import type { AdminEventAnswer } from '@epos/schemas/admin/events';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startWorkers, type RunningWorkers } from '@epos/workers';
import { workerHandlers } from '@epos/workers/registry';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { askForCard } from '../testkit/cards.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { listQuery } from '../testkit/admin-api.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { settledPdf } from '../pdf/testkit/pdf-files.js';
import * as files from './testkit/test-files.js';

let api: TestApi;
let workers: RunningWorkers;
let mail: MailTransport;
let admin: Person;
let reader: Person;
let blogger: Person;

beforeAll(async () => {
  api = await startTestApi({ env: { UNUSED_UPLOAD_GRACE_HOURS: '0', OLD_RENDER_RETENTION_HOURS: '0' }, serveUi: true });
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  mail = createMailTransport({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'epos-sweep-mail-')) });
  workers = await startWorkers({ jobs: api.deps.jobs, handlers: workerHandlers({ mail, ...api.deps }), logger: api.deps.logger });
  admin = await signIn(api, 'admin');
  reader = await signIn(api, 'user');
  expect((await admin.client.post('/postdata/createblog', { slug: 'margins', title: 'Margins' })).statusCode).toBe(200);
  blogger = await signIn(api, 'blogger', { blogs: ['margins'] });
  await caughtUp(api);
}, 300_000);
afterAll(async () => {
  await workers?.stop();
  await mail?.close();
  await api?.close();
});

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function send(person: Person, url: string, list: { name: string; data: Buffer; field?: string }[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = files.multipart(list);
  return person.client.request({ method: 'POST', url, payload, headers: { ...headers, 'x-csrf-token': await person.client.csrf() } });
}
const hashOf = (url: string) => /\/media\/files\/([0-9a-f]{64})\./.exec(url)![1]!;

/** A recording uploaded for an audio work: its address. */
async function recording(tone: number): Promise<string> {
  const wav = files.wav(2);
  wav.fill(tone, 44);
  const response = await send(reader, '/postdata/works/audio', [{ name: `reading-${tone}.wav`, data: wav, field: 'file' }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

async function image(colour: string): Promise<string> {
  const response = await send(blogger, '/postdata/media', [{ name: `${colour.slice(1)}.png`, data: await files.png(400, 300, colour) }]);
  const [result] = response.json<UploadedImageAnswer[]>();
  expect(result!.status).toBe(1);
  return result!.fileUrl;
}

async function addWork(url: string): Promise<string> {
  const added = await reader.client.post('/postdata/works', { TypeOf: 'audio', SentenceNumber: '8', Urlto: url, Description: 'My reading' });
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ id: string }>().id;
}

const mediaEvents = async (hash: string) =>
  (await api.deps.store.readStream(mediaStream(hash))).map((e) => ({ type: e.type, data: e.data as MediaEvent['data'] }));
const derivativesOf = async (hash: string) => {
  const made = (await mediaEvents(hash)).find((e) => e.type === 'MediaDerivativesMade');
  return made ? (made.data as Extract<MediaEvent, { type: 'MediaDerivativesMade' }>['data']) : null;
};

/** Runs one sweep as the workers do: a `storage.sweep` job on the queue, to its end. */
let sweeps = 0;
async function sweep(): Promise<void> {
  await caughtUp(api);
  const jobId = `sweep-test-${++sweeps}`;
  await api.deps.jobs.enqueue(sweepStorageJob, {}, { jobId });
  const done = await until(`sweep ${jobId}`, async () => {
    const info = await api.deps.jobs.inspect(sweepStorageJob, jobId);
    return info?.state === 'completed' || info?.state === 'failed' ? info : null;
  });
  expect(done.state, done.failedReason).toBe('completed');
  await caughtUp(api);
}

const stored = async (hash: string) => (await api.deps.media.stat(hash)) !== null;

describe('unused uploads', () => {
  it(
    'sweeps the uploads no work, sentence or post uses, as UploadSwept events saying why, and the workers delete their files and derivatives',
    { timeout: 120_000 },
    async () => {
      const kept = await recording(11);
      const keptWork = await addWork(kept);
      const neverUsed = await recording(12);
      const orphaned = await recording(13);
      const deletedWork = await addWork(orphaned);
      expect((await reader.client.post(`/postdata/works/${deletedWork}/delete`)).statusCode).toBe(200);
      const inPost = await image('#a33');
      const unusedImage = await image('#3a3');
      const posted = await blogger.client.post('/postdata/create', {
        blog_id: 'margins',
        title: 'Evening light',
        series_title: 'Light',
        md_content: `A picture:\n\n![lamp](${inPost})`,
        status: 0,
      });
      expect(posted.statusCode, posted.body).toBe(200);
      // The workers make each image's thumbnail and web size first.
      const unusedDerivatives = await until('derivatives', () => derivativesOf(hashOf(unusedImage)));
      const postDerivatives = await until('derivatives', () => derivativesOf(hashOf(inPost)));
      const before = (await reader.client.get('/api/media/usage')).json<StorageUsageAnswer>();

      await sweep();

      const swept = async (url: string) => (await mediaEvents(hashOf(url))).find((e) => e.type === 'UploadSwept')?.data ?? null;
      expect(await swept(neverUsed)).toMatchObject({
        hash: hashOf(neverUsed),
        reason: 'never-used',
        lastUsedBy: null,
        uploader: reader.userId,
        originalName: 'reading-12.wav',
      });
      expect(await swept(orphaned)).toMatchObject({ reason: 'no-longer-used', lastUsedBy: `work-${deletedWork}` });
      expect(await swept(unusedImage)).toMatchObject({ reason: 'never-used', uploader: blogger.userId });
      expect(await swept(kept)).toBeNull();
      expect(await swept(inPost)).toBeNull();

      // The audit log says what was removed and why.
      const events = (await admin.client.get(`/admin-api/events${listQuery({ filter: { type: 'UploadSwept' }, range: [0, 9] })}`)).json<AdminEventAnswer[]>();
      expect(events.map((e) => [e.streamId, e.words, e.actor])).toEqual(expect.arrayContaining([[mediaStream(hashOf(neverUsed)), 'Upload swept', 'system']]));
      const detail = (await admin.client.get(`/admin-api/events/${events[0]!.id}`)).json<{ data: { reason: string } }>();
      expect(['never-used', 'no-longer-used']).toContain(detail.data.reason);

      // Effects follow events: the files go, and the image's thumbnail and web size with it.
      for (const hash of [hashOf(neverUsed), hashOf(orphaned), hashOf(unusedImage), unusedDerivatives.thumb.hash, unusedDerivatives.web.hash]) {
        await until(`${hash} deleted`, async () => !(await stored(hash)));
      }
      for (const hash of [hashOf(kept), hashOf(inPost), postDerivatives.thumb.hash, postDerivatives.web.hash]) expect(await stored(hash)).toBe(true);
      expect((await reader.client.get(neverUsed)).statusCode).toBe(404);
      expect((await reader.client.get(kept)).statusCode).toBe(200);
      const now = (await reader.client.get('/api/media/usage')).json<StorageUsageAnswer>();
      expect(before.used - now.used).toBe(2 * files.wav(2).byteLength);
      expect(keptWork).toMatch(/-/);
    },
  );

  it('keeps a fresh upload through its grace period, and takes the same bytes back after a sweep as a new upload', { timeout: 120_000 }, async () => {
    const fresh = await recording(21);
    api.deps.config.UNUSED_UPLOAD_GRACE_HOURS = 1;
    try {
      await sweep();
    } finally {
      api.deps.config.UNUSED_UPLOAD_GRACE_HOURS = 0;
    }
    expect((await mediaEvents(hashOf(fresh))).map((e) => e.type)).toEqual(['MediaUploaded']);
    await sweep();
    await until('the swept file deleted', async () => !(await stored(hashOf(fresh))));
    expect(await recording(21)).toBe(fresh);
    expect((await mediaEvents(hashOf(fresh))).map((e) => e.type)).toEqual(['MediaUploaded', 'UploadSwept', 'MediaUploaded']);
    expect(await stored(hashOf(fresh))).toBe(true);
    expect((await reader.client.get(fresh)).statusCode).toBe(200);
  });

  it('deletes the file of an upload the console removed, which the library used to keep', { timeout: 60_000 }, async () => {
    const url = await recording(31);
    await caughtUp(api);
    const removed = await admin.client.send('DELETE', `/admin-api/media/${hashOf(url)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await until('the removed file deleted', async () => !(await stored(hashOf(url))));
  });
});

describe('old renders', () => {
  it("removes the PDF of an older content version after its retention time, as PdfExpired, and keeps the newest version's", { timeout: 300_000 }, async () => {
    const client = new TestClient(api.app, '198.51.100.40');
    const ask = async (headers: Record<string, string> = {}) =>
      (await client.post('/postdata/generatePdf', { typeOf: 2, bookNumber: 2, cantoNumber: 1, pdfData: '' }, headers)).json<GeneratePdfAnswer>();
    const old = await ask();
    const oldDone = await settledPdf(client, old.requestId);
    expect(oldDone.state).toBe('done');
    // Nothing changed: the newest version's edition stays, however long since it was asked for.
    await sweep();
    expect((await api.deps.store.readStream(pdfStream(old.requestId))).map((e) => e.type)).not.toContain('PdfExpired');

    const db = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const first = await db
      .selectFrom('sentences')
      .select('sentence')
      .where('book', '=', 2)
      .where('canto', '=', 1)
      .where('sentence', 'is not', null)
      .orderBy('sentence')
      .executeTakeFirstOrThrow();
    const edit = await admin.client.post('/postdata/utranslations/fr', { SentenceNumber: first.sentence, Translated: 'Une traduction nouvelle' });
    expect(edit.statusCode, edit.body).toBe(200);
    const current = await ask({ 'x-consistent-after': String(edit.headers['x-position']) });
    expect(current.requestId).not.toBe(old.requestId);
    const currentDone = await settledPdf(client, current.requestId);
    expect(currentDone.state).toBe('done');

    await sweep();
    const expired = (await api.deps.store.readStream(pdfStream(old.requestId))).find((e) => e.type === 'PdfExpired');
    expect(expired).toMatchObject({
      metadata: { actor: 'system' },
      data: { requestId: old.requestId, hash: hashOf(oldDone.url!), reason: 'superseded', size: oldDone.size },
    });
    expect((await api.deps.store.readStream(pdfStream(current.requestId))).map((e) => e.type)).not.toContain('PdfExpired');
    await until('the old PDF deleted', async () => !(await stored(hashOf(oldDone.url!))));
    expect(await stored(hashOf(currentDone.url!))).toBe(true);
    expect((await client.get(currentDone.url!)).statusCode).toBe(200);
    expect((await client.get(oldDone.url!)).statusCode).toBe(404);
    expect((await client.get(`/api/pdf/${old.requestId}`)).json<PdfStatusAnswer>()).toMatchObject({ state: 'failed', error: pdfMessages.expired, url: null });
  });

  it("removes a share card whose sentence's words changed, as ShareCardExpired, and keeps the page's newest card", { timeout: 120_000 }, async () => {
    const client = new TestClient(api.app, '198.51.100.41');
    const cardOf = async () => {
      const answer = await askForCard(client, '/card/8?lang=fr');
      expect(answer.statusCode, answer.body).toBe(302);
      return answer.headers.location as string;
    };
    const old = await cardOf();
    const cardIdOf = async (url: string) => {
      const rows = await (
        await api.deps.progress.readModel<{ share_cards: { card_id: string; hash: string | null } }>('storage')
      )
        .selectFrom('share_cards')
        .select('card_id')
        .where('hash', '=', hashOf(url))
        .execute();
      return rows[0]!.card_id;
    };
    await caughtUp(api);
    const oldId = await cardIdOf(old);
    await sweep();
    expect((await api.deps.store.readStream(cardStream(oldId))).map((e) => e.type)).toEqual(['ShareCardRequested', 'ShareCardMade']);

    const edit = await admin.client.post('/postdata/utranslations/fr', { SentenceNumber: 8, Translated: 'Une autre traduction, pour la carte' });
    expect(edit.statusCode, edit.body).toBe(200);
    await caughtUp(api);
    const current = await until('the new card', async () => {
      const url = await cardOf();
      return url !== old && url;
    });
    await sweep();
    const expired = (await api.deps.store.readStream(cardStream(oldId))).find((e) => e.type === 'ShareCardExpired');
    expect(expired).toMatchObject({ metadata: { actor: 'system' }, data: { cardId: oldId, hash: hashOf(old), reason: 'superseded' } });
    await until('the old card deleted', async () => !(await stored(hashOf(old))));
    expect((await client.get(old)).statusCode).toBe(404);
    expect((await client.get(current)).statusCode).toBe(200);
    expect((await api.deps.store.readStream(cardStream(await cardIdOf(current)))).map((e) => e.type)).not.toContain('ShareCardExpired');
  });
});
