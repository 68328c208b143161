/**
 * PDF editions through the API, with the real job workers printing them in real Chromium: the
 * spec's messages and validation, the cache (same request after no change: the same PDF at once;
 * after a change: a new one), the mail to the signed-in reader only, the rate limits, publishing.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfStream, type GeneratePdfAnswer, type PoemFile } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import { startTestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, newAccount, signIn, type Person } from '../testkit/people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { inspectPdf, settledPdf, storedPdf } from './testkit/pdf-files.js';
import { PDF_QUEUED, PDF_READY, PDF_UNAVAILABLE, SENTENCES_ONLY } from './routes.js';

const demo = fs.readFileSync(DEMO_POEM_FILE, 'utf8');
const firstSentence = (JSON.parse(demo) as PoemFile).books[0]!.cantos[0]!.sections[0]!.sentences[0]!;
let env: MailTestApi;
let admin: Person;

const api = () => env.api;
const head = () => api().deps.store.headPosition();
const generate = (client: TestClient, body: unknown) => client.post('/postdata/generatePdf', body);

beforeAll(async () => {
  env = await startTestApiWithMail();
  await importPoem(
    { store: api().deps.store, progress: api().deps.progress, readModel: () => api().deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.json', content: demo, cause: { actor: 'importer' } },
  );
  await caughtUp(api());
  admin = await signIn(api(), 'admin');
}, 300_000);
afterAll(async () => env?.close());

describe('POST /postdata/generatePdf: validation', () => {
  it("answers 'Please select book or canto' without a book or canto, names the part or option at fault, and appends nothing", async () => {
    // Each call from an address of its own: the route allows an anonymous address 5 a minute.
    let serial = 0;
    const fresh = () => new TestClient(api().app, `198.51.100.${100 + serial++}`);
    const client = fresh();
    const before = await head();
    for (const body of [
      {},
      { typeOf: '' },
      { typeOf: 3, bookNumber: 1 },
      { typeOf: 1 },
      { typeOf: 2, bookNumber: 1 },
      { typeOf: '2', bookNumber: '1', cantoNumber: '' },
    ]) {
      const response = await generate(fresh(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please select book or canto' });
    }
    const noBook = await generate(client, { typeOf: 1, bookNumber: 9 });
    expect(noBook.statusCode).toBe(400);
    expect(noBook.json()).toMatchObject({ message: 'Book: there is no book 9 in the poem', fields: [{ field: 'bookNumber' }] });
    const noCanto = await generate(client, { typeOf: 2, bookNumber: 1, cantoNumber: 7 });
    expect(noCanto.json()).toMatchObject({ message: 'Canto: there is no canto 7 in book 1', fields: [{ field: 'cantoNumber' }] });
    const badLayer = await generate(client, { typeOf: 2, bookNumber: 1, cantoNumber: 1, pdfData: { commentary: ['nobody'] } });
    expect(badLayer.statusCode).toBe(400);
    expect(badLayer.json()).toMatchObject({ fields: [{ field: 'pdfData.commentary' }] });
    const badLanguage = await generate(client, { typeOf: 2, bookNumber: 1, cantoNumber: 1, pdfData: { translations: ['xx'] } });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json<{ message: string }>().message).toMatch(/^pdfData\.translations\.0: /);
    expect(await head()).toBe(before);
  });
});

describe('PDF editions end to end', () => {
  let chosen: GeneratePdfAnswer;
  const options = {
    translations: ['fr', 'sa'],
    commentary: ['scholar'],
    motherNote: true,
    aurobindoNote: false,
    reason: false,
    paintings: true,
    scansion: true,
  };

  it(
    'prints a canto with the chosen layers: French, Sanskrit in Devanagari in order, a commentary layer; progress, then a download link',
    { timeout: 300_000 },
    async () => {
      const client = new TestClient(api().app, '198.51.100.22');
      const response = await generate(client, { typeOf: 2, bookNumber: 1, cantoNumber: 1, pdfData: options, userEmail: '' });
      expect(response.statusCode).toBe(200);
      chosen = response.json<GeneratePdfAnswer>();
      expect(chosen).toMatchObject({ type: 1, message: PDF_QUEUED, mailed: false, url: null });
      expect(chosen.requestId).toMatch(/^[0-9a-f]{32}$/);
      const done = await settledPdf(client, chosen.requestId);
      expect(done).toMatchObject({ state: 'done', progress: { percent: 100 }, error: null });
      expect(done.url).toMatch(/^\/media\/files\/[0-9a-f]{64}\.pdf$/);
      const bytes = await storedPdf(api().deps.media, done.url!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(done.size).toBe(bytes.length);
      const { text, png, fonts, images } = await inspectPdf(bytes, 3);
      console.log(`PDF page rendered to PNG: ${png}`);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(firstSentence.text.first![0]);
      expect(flat).toContain(firstSentence.translations!.fr![0]!.replace(/\s+/g, ' '));
      // Devanagari extracted in logical order, conjuncts and all.
      expect(flat).toContain(firstSentence.translations!.sa![0]!.replace(/\s+/g, ' '));
      // `||39||` reads as the sentence number, as on the site.
      const note = firstSentence.fields!.motherNote!;
      expect(note).toMatch(/\|\|\d+\|\|/);
      expect(flat).toContain(note.replace(/\|\|(\d+)\|\|/g, '$1').replace(/\s+/g, ' '));
      expect(flat).toMatch(/THE SCHOLAR'S GLOSSES/);
      expect(flat).toContain('Contents');
      // The running head of the canto's pages, and the page numbers stamped at their foot.
      expect(flat).toContain('The Lamp of Evening · Book 1 · Canto I · The Darkening of the Vale');
      expect(done.pages).toBeGreaterThan(3);
      expect(images).toBeGreaterThan(0);
      expect(fonts).toMatch(/NotoSerifDevanagari/);
      expect(fonts).toMatch(/NotoSerif-Regular/);
    },
  );

  it('answers the same request after no change at once with the same PDF, appending nothing, whatever the order of the options', async () => {
    const client = new TestClient(api().app, '198.51.100.23');
    const before = await head();
    const again = await client.request({
      method: 'POST',
      url: '/postdata/generatePdf',
      payload: `typeOf=2&bookNumber=1&cantoNumber=1&userEmail=&pdfData=${encodeURIComponent(JSON.stringify({ ...options, translations: ['sa', 'fr', 'sa'] }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': await client.csrf() },
    });
    expect(again.statusCode).toBe(200);
    const answer = again.json<GeneratePdfAnswer>();
    expect(answer).toMatchObject({ requestId: chosen.requestId, state: 'done', message: PDF_READY });
    expect(answer.url).toBe((await settledPdf(client, chosen.requestId)).url);
    expect(await head()).toBe(before);
    const stream = await api().deps.store.readStream(pdfStream(chosen.requestId));
    expect(stream.filter((e) => e.type === 'PdfRendered')).toHaveLength(1);
  });

  it('prints a new PDF once the canto has changed', { timeout: 300_000 }, async () => {
    const first = await settledPdf(admin.client, chosen.requestId);
    const edit = await admin.client.post('/postdata/utranslations/fr', { SentenceNumber: 1, Translated: 'Ô Lampe du soir, nouvelle traduction' });
    expect(edit.statusCode).toBe(200);
    const client = new TestClient(api().app, '198.51.100.24');
    const changed = (
      await client.post(
        '/postdata/generatePdf',
        { typeOf: 2, bookNumber: 1, cantoNumber: 1, pdfData: options },
        { 'x-consistent-after': String(edit.headers['x-position']) },
      )
    ).json<GeneratePdfAnswer>();
    expect(changed.requestId).not.toBe(chosen.requestId);
    const done = await settledPdf(client, changed.requestId);
    expect(done.state).toBe('done');
    expect(done.url).not.toBe(first.url);
    const { text } = await inspectPdf(await storedPdf(api().deps.media, done.url!), 1);
    expect(text.replace(/\s+/g, ' ')).toContain('Ô Lampe du soir, nouvelle traduction');
  });

  it("with nothing ticked says 'Book will be generate for sentences only' and proceeds", { timeout: 300_000 }, async () => {
    const client = new TestClient(api().app, '198.51.100.25');
    const answer = (await generate(client, { typeOf: 2, bookNumber: 2, cantoNumber: 1, pdfData: '' })).json<GeneratePdfAnswer>();
    expect(answer).toMatchObject({ type: 1, message: SENTENCES_ONLY });
    expect((await settledPdf(client, answer.requestId)).state).toBe('done');
  });

  it("mails the link to a signed-in reader's own address only; anonymous visitors get it on the page", { timeout: 300_000 }, async () => {
    const reader = await signIn(api(), 'user');
    const other = await generate(reader.client, { typeOf: 1, bookNumber: 2, pdfData: { reason: true }, userEmail: 'stranger@example.org' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ fields: [{ field: 'userEmail' }] });
    const anonymous = (
      await generate(new TestClient(api().app, '198.51.100.26'), { typeOf: 1, bookNumber: 2, pdfData: { reason: true }, userEmail: 'stranger@example.org' })
    ).json<GeneratePdfAnswer>();
    expect(anonymous.mailed).toBe(false);
    const mine = (
      await generate(reader.client, { typeOf: 1, bookNumber: 2, pdfData: { reason: true }, userEmail: `${reader.userName.toUpperCase()}@example.org` })
    ).json<GeneratePdfAnswer>();
    expect(mine).toMatchObject({ mailed: true, requestId: anonymous.requestId });
    const done = await settledPdf(reader.client, mine.requestId);
    expect(done.state).toBe('done');
    const [mail] = await env.smtp.waitFor(1, 30_000);
    expect(mail!.envelope.to).toEqual([`${reader.userName}@example.org`]);
    expect(mail!.parsed.text).toContain(`https://epos.test${done.url}`);
    expect(env.smtp.received.every((m) => !m.envelope.to.includes('stranger@example.org'))).toBe(true);
  });

  it("publishes a printed PDF as the canto's ArtistCantoPdf (editors only)", async () => {
    const user = await signIn(api(), 'user');
    expect((await user.client.post('/postdata/publishPdf', { requestId: chosen.requestId })).statusCode).toBe(403);
    const published = await admin.client.post('/postdata/publishPdf', { requestId: chosen.requestId });
    expect(published.statusCode).toBe(200);
    const { Url } = published.json<{ Url: string }>();
    const view = await api().app.inject({ method: 'GET', url: '/api/sbook/1/1/1', headers: { 'x-consistent-after': String(published.headers['x-position']) } });
    expect(view.json()).toMatchObject({ ArtistCantoPdf: { Url, date: new Date().toISOString().slice(0, 10) } });
    const notPrinted = await admin.client.post('/postdata/publishPdf', { requestId: '0'.repeat(32) });
    expect(notPrinted.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('limits PDF requests per reader, and per address however many readers share it', async () => {
    const anonymous = new TestClient(api().app, '198.51.100.30');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await generate(anonymous, {})).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    const address = '198.51.100.31';
    const readers = await Promise.all([0, 1, 2].map(() => newAccount(api(), 'user')));
    const clients = [];
    for (const r of readers) {
      const client = new TestClient(api().app, address);
      expect((await client.post('/login', { UserName: r.userName, Password: r.password })).json()).toEqual({ type: 1 });
      clients.push(client);
    }
    const shared = [];
    for (const client of clients) for (let i = 0; i < 4; i++) shared.push(await generate(client, {}));
    // Each reader stays under their own limit (5 a minute); the address's (10 a minute) stops the 11th.
    expect(shared.map((r) => r.statusCode)).toEqual([...Array(10).fill(400), 429, 429]);
    expect(shared[10]!.json<{ message: string }>().message).toMatch(/^Too many PDF requests from this address/);
    // Both limits the request was counted in are told: the reader's own and the address's.
    expect(shared[10]!.headers['ratelimit-policy']).toBe(
      '"pdf-requests-per-minute";q=5;w=60, "pdf-requests-per-hour";q=30;w=3600, "pdf-requests-from-this-address-per-minute";q=10;w=60, "pdf-requests-from-this-address-per-hour";q=60;w=3600',
    );
    expect(shared[10]!.headers.ratelimit).toMatch(/"pdf-requests-per-minute";r=2;t=\d+, .*"pdf-requests-from-this-address-per-minute";r=0;t=(\d+)/);
    expect(shared[10]!.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('without Chromium', () => {
  it('answers that PDF editions are unavailable (503) and appends nothing', async () => {
    const bare = await startTestApi({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const before = await bare.deps.store.headPosition();
      const response = await new TestClient(bare.app).post('/postdata/generatePdf', { typeOf: 1, bookNumber: 1 });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: PDF_UNAVAILABLE });
      expect(await bare.deps.store.headPosition()).toBe(before);
    } finally {
      await bare.close();
    }
  });
});
