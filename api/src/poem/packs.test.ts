import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type ContentsAnswer, type PackAnswer, type PackManifestAnswer } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { importText } from '../testkit/import-text.js';
import { after, caughtUp, signIn } from '../testkit/people.js';
import { DEMO_POEM_FILE } from './demo-seed.js';

const demo = fs.readFileSync(DEMO_POEM_FILE, 'utf8');
let api: TestApi;

const get = (url: string) => api.app.inject({ method: 'GET', url });
const json = async <T>(url: string): Promise<T> => {
  const answer = await get(url);
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json<T>();
};

beforeAll(async () => {
  // A small limit on the lists (each may make every pack of its book), reached by the last test.
  api = await startTestApi({ env: { PACK_LIST_LIMIT: '8/minute' } });
  await importText(api, demo, { fileName: 'poem.json' });
});
afterAll(async () => api.close());

describe("a book's offline packs", () => {
  it('list every canto in every edition, and in each language that has translations there, with the size and hash of each', async () => {
    const manifest = await json<PackManifestAnswer>('/api/packs/1');
    const { books } = await json<ContentsAnswer>('/api/contents/1');
    const cantos = books[0]!.cantos.map((c) => c.canto);
    expect(cantos.length).toBeGreaterThan(1);
    for (const canto of cantos) {
      expect(manifest.packs.filter((p) => p.canto === canto && p.kind === 'edition').map((p) => p.edition)).toEqual(['first', 'centenary', 'revised']);
    }
    // A language has a pack for a canto exactly when the reader's translation call has something there.
    for (const canto of books[0]!.cantos) {
      for (const lang of languages) {
        let translated = false;
        for (const s of canto.sections) translated ||= (await json<unknown[]>(`/api/translation/1/${canto.canto}/${s.SectionNumber}?lang=${lang}`)).length > 0;
        expect(
          manifest.packs.some((p) => p.canto === canto.canto && p.lang === lang),
          `${canto.canto} ${lang}`,
        ).toBe(translated);
      }
    }
    expect(manifest.packs.some((p) => p.kind === 'translation')).toBe(true);
    expect(BigInt(manifest.position)).toBeGreaterThan(0n);
    for (const entry of manifest.packs) {
      const pack = await get(entry.url);
      expect(pack.statusCode, pack.body).toBe(200);
      expect(Buffer.byteLength(pack.body)).toBe(entry.bytes);
      expect(pack.headers.etag).toBe(`"${entry.hash}"`);
      expect(Object.keys(pack.json<PackAnswer>().answers)).toHaveLength(entry.sections);
    }
  });

  it('go out compressed from the first download, as a phone downloads them', async () => {
    const first = await api.app.inject({ method: 'GET', url: '/api/packs/1/2?edition=centenary', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await get('/api/packs/1/2?edition=centenary');
    expect(first.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 3);
    // (that a body too large to compress on the spot is compressed ahead is http-cache.test.ts's)
    expect(first.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
  });

  it("hold, for each section of the canto, exactly the answer the reader's own call gives", async () => {
    const { books } = await json<ContentsAnswer>('/api/contents/1');
    const canto = books[0]!.cantos[0]!;
    const pack = await json<PackAnswer>(`/api/packs/1/${canto.canto}?edition=revised`);
    expect(pack).toMatchObject({ book: 1, canto: canto.canto, kind: 'edition', edition: 'revised' });
    expect(Object.keys(pack.answers)).toEqual(canto.sections.map((s) => `/api/sbook/1/${canto.canto}/${s.SectionNumber}?edition=revised`));
    for (const [url, answer] of Object.entries(pack.answers)) expect(answer).toEqual(await json(url));

    const manifest = await json<PackManifestAnswer>('/api/packs/1');
    const translation = manifest.packs.find((p) => p.kind === 'translation')!;
    const translated = await json<PackAnswer>(translation.url);
    expect(Object.keys(translated.answers).length).toBeGreaterThan(0);
    // every section of the canto, those with nothing in that language too (offline, the reader asks for them)
    const sections = books[0]!.cantos.find((c) => c.canto === translation.canto)!.sections;
    expect(Object.keys(translated.answers)).toEqual(sections.map((s) => `/api/translation/1/${translation.canto}/${s.SectionNumber}?lang=${translation.lang}`));
    for (const [url, answer] of Object.entries(translated.answers)) expect(answer).toEqual(await json(url));
    expect(Object.values(translated.answers).some((answer) => (answer as unknown[]).length > 0)).toBe(true);
  });

  it("change hash exactly when their text changes: an edited translation changes its canto's packs in that language and the editions, no others", async () => {
    const before = await json<PackManifestAnswer>('/api/packs/1');
    const editor = await signIn(api, 'admin');
    const fr = before.packs.find((p) => p.kind === 'translation' && p.lang === 'fr' && p.canto === 1)!;
    const sentence = Number(
      Object.values((await json<PackAnswer>(fr.url)).answers)
        .flat()
        .map((t) => (t as { SentenceNumber: number }).SentenceNumber)[0],
    );
    const saved = await editor.client.post('/postdata/utranslations/fr', { SentenceNumber: sentence, Translated: 'Une ligne nouvelle.' });
    expect(saved.statusCode, saved.body).toBe(200);
    await caughtUp(api);
    const afterEdit = (await editor.client.get('/api/packs/1', after(saved))).json<PackManifestAnswer>();
    const changed = afterEdit.packs.filter((p) => before.packs.find((b) => b.url === p.url)?.hash !== p.hash).map((p) => p.url);
    // The fr pack and the canto's edition packs (a section's answer carries its sentences' translations too), nothing else.
    expect(changed).toContain(fr.url);
    expect(changed.filter((url) => url.includes('lang=') && url !== fr.url)).toEqual([]);
    expect(changed.filter((url) => !url.startsWith('/api/packs/1/1?'))).toEqual([]);
    expect(BigInt(afterEdit.position)).toBeGreaterThan(BigInt(before.position));
    expect(JSON.stringify((await json<PackAnswer>(fr.url)).answers)).toContain('Une ligne nouvelle.');
  });

  it('refuse a pack asked for without exactly one of edition and lang, or for what is not there, and name why', async () => {
    for (const url of ['/api/packs/1/1', '/api/packs/1/1?edition=first&lang=fr', '/api/packs/1/1?edition=second', '/api/packs/1/1?lang=xx']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body).toMatch(/edition|lang/);
    }
    expect((await get('/api/packs/99')).json()).toMatchObject({ message: 'No book found' });
    expect((await get('/api/packs/1/99?edition=first')).statusCode).toBe(404);
    expect((await get('/api/packs/x')).statusCode).toBe(400);
  });

  it('count a book list as a costly read: past its limit an address is told when to come back, and packs still go out', async () => {
    // (each refusal is answered after a pause: the loop stops at the first)
    let refused = await get('/api/packs/1');
    for (let i = 0; i < 10 && refused.statusCode === 200; i++) refused = await get('/api/packs/1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get('/api/packs/1/1?edition=first')).statusCode).toBe(200);
  });
});
