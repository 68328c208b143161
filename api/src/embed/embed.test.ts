import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineInfoAnswer } from '@epos/schemas';
import type { OembedAnswer } from '@epos/schemas/embed/responses';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp } from '../testkit/people.js';
import { poemDemoSeeder } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { GITA_I } from '../poem/import/fixtures/real-verse.js';
import { EMBED_CSP } from './embed-page.js';

const ORIGIN = 'https://epos.test';
let api: TestApi;
const visitor = () => new TestClient(api.app, '203.0.113.5');

async function sentence(n: number): Promise<LineInfoAnswer> {
  const response = await visitor().get(`/api/lineinfo/${n}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineInfoAnswer>();
}
async function embed(path: string) {
  const response = await visitor().get(path);
  expect(response.statusCode, response.body).toBe(200);
  return { response, document: parseDocument(response.body) };
}
const textOf = (document: ReturnType<typeof parseDocument>, tag: string) =>
  DomUtils.findAll((e) => e.name === tag, document.children).map((e) => DomUtils.textContent(e).trim());
async function oembed(query: string) {
  return visitor().get(`/oembed?${query}`);
}

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL: ORIGIN } });
  const context = { config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger };
  await poemDemoSeeder.seed(context);
  await caughtUp(api);
}, 120_000);
afterAll(async () => api?.close());

describe('a sentence embedded on another site', () => {
  it('is a small page of its verse and a link back, framed by any site, with no script and no cookie', async () => {
    const line = await sentence(5);
    const { response, document } = await embed(`/embed/s/${line.sentenceId}`);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(EMBED_CSP);
    expect(EMBED_CSP).toContain('frame-ancestors *');
    expect(EMBED_CSP).not.toMatch(/script-src|unsafe-inline/);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(DomUtils.findAll((e) => e.name === 'script', document.children)).toEqual([]);
    expect(textOf(document, 'blockquote')).toEqual([line.lines.trim()]);
    const link = DomUtils.findOne((e) => e.name === 'a', document.children)!;
    expect(link.attribs).toMatchObject({ href: `${ORIGIN}/s/${line.sentenceId}`, target: '_blank', rel: 'noopener' });
    expect(textOf(document, 'figcaption')[0]).toMatch(/Book 1, Canto \d+, lines? [\d–]+ \(First edition\)/);
  });

  it("shows a translation under the verse in the translation's edition, and a theme", async () => {
    const line = await sentence(1);
    const { document } = await embed(`/embed/s/${line.sentenceId}?lang=hi&theme=dark`);
    const quotes = DomUtils.findAll((e) => e.name === 'blockquote', document.children);
    expect(quotes).toHaveLength(2);
    expect(quotes[1]!.attribs.lang).toBe('hi');
    expect(DomUtils.textContent(quotes[1]!)).toContain(line.HindiLines!.trim().split('\n')[0]!);
    expect(textOf(document, 'figcaption')[0]).toContain('(Centenary edition)');
    expect(DomUtils.findOne((e) => e.name === 'html', document.children)!.attribs.class).toBe('dark');
  });

  it('refuses a theme, edition or language it does not know, and an id no sentence has', async () => {
    const line = await sentence(1);
    for (const [query, field] of [
      ['theme=pink', 'theme'],
      ['edition=second', 'edition'],
      ['lang=xx', 'lang'],
    ] as const) {
      const bad = await visitor().get(`/embed/s/${line.sentenceId}?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(field);
    }
    expect((await visitor().get('/embed/s/987654')).statusCode).toBe(404);
  });

  it('answers oEmbed for a permanent link or a numbered address, within the size asked', async () => {
    const line = await sentence(5);
    const response = await oembed(`url=${encodeURIComponent(`${ORIGIN}/s/${line.sentenceId}`)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const answer = response.json<OembedAnswer>();
    expect(answer).toMatchObject({ version: '1.0', type: 'rich', provider_url: `${ORIGIN}/`, width: 560, title: expect.stringContaining('Sentence 5') });
    const iframe = DomUtils.findOne((e) => e.name === 'iframe', parseDocument(answer.html).children)!;
    expect(iframe.attribs).toMatchObject({ src: `${ORIGIN}/embed/s/${line.sentenceId}`, width: '560', height: String(answer.height) });
    expect(answer.height).toBeGreaterThan(100);

    const narrow = (await oembed(`url=${encodeURIComponent(`${ORIGIN}/5?lang=fr`)}&maxwidth=300&maxheight=120`)).json<OembedAnswer>();
    expect(narrow).toMatchObject({ width: 300, height: 120 });
    expect(narrow.html).toContain(`/embed/s/${line.sentenceId}?lang=fr`);
  });

  it('refuses what oEmbed cannot answer: another format, another site, no sentence, a bad edition', async () => {
    const line = await sentence(5);
    const url = encodeURIComponent(`${ORIGIN}/s/${line.sentenceId}`);
    // oEmbed's spec answers an unknown format 501; a wrong parameter is the asker's error here (400, naming it), never a server's.
    const xml = await oembed(`url=${url}&format=xml`);
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain('format');
    expect((await oembed(`url=${encodeURIComponent(`https://elsewhere.example/s/${line.sentenceId}`)}`)).statusCode).toBe(404);
    expect((await oembed(`url=${encodeURIComponent(`${ORIGIN}/blogs`)}`)).statusCode).toBe(404);
    expect((await oembed(`url=${encodeURIComponent(`${ORIGIN}/99999`)}`)).statusCode).toBe(404);
    const bad = await oembed(`url=${encodeURIComponent(`${ORIGIN}/s/${line.sentenceId}?edition=second`)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('url: edition');
    expect((await oembed(`url=${url}&maxwidth=wide`)).statusCode).toBe(400);
  });

  it('sets Devanagari verse in its own language', async () => {
    await importPoem(
      { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
      { fileName: 'gita.txt', content: GITA_I, cause: { actor: 'importer' }, confirmed: true },
    );
    await caughtUp(api);
    const line = await sentence(1);
    const { document } = await embed(`/embed/s/${line.sentenceId}`);
    const quote = DomUtils.findOne((e) => e.name === 'blockquote', document.children)!;
    expect(quote.attribs.lang).toBe('sa');
    expect(DomUtils.textContent(quote)).toContain('धर्मक्षेत्रे कुरुक्षेत्रे');
    expect(textOf(document, 'figcaption')[0]).toMatch(/^— व्यास, श्रीमद्भगवद्गीता, Book 1, Canto 1, line 1 \(First edition\)/);
  });
});
