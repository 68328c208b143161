import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-ris';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitationAnswer } from '@epos/schemas/cite/responses';
import type { LineInfoAnswer } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp } from '../testkit/people.js';
import { importPoem } from '../poem/import/import-poem.js';
import { GITA_I, INFERNO_I } from '../poem/import/fixtures/real-verse.js';

const ORIGIN = 'https://epos.test';
const CSL_DATA_SCHEMA = JSON.parse(readFileSync(new URL('../testkit/csl-data.json', import.meta.url), 'utf8')) as object;
let api: TestApi;
const reader = () => new TestClient(api.app, '198.51.100.9');
const today = () => new Date().toISOString().slice(0, 10);

async function importText(content: string) {
  await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.txt', content, cause: { actor: 'importer' }, confirmed: true },
  );
  await caughtUp(api);
}
async function sentence(n: number): Promise<LineInfoAnswer> {
  const response = await reader().get(`/api/lineinfo/${n}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineInfoAnswer>();
}
async function cite(id: number, query = ''): Promise<CitationAnswer> {
  const response = await reader().get(`/api/cite/s/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CitationAnswer>();
}

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL: ORIGIN } });
  await importText(INFERNO_I);
}, 120_000);
afterAll(async () => api?.close());

describe('a sentence cited', () => {
  it('in MLA, Chicago and APA: the author, translator, poem, place, edition, day read and permanent link', async () => {
    const line = await sentence(2);
    const answer = await cite(line.sentenceId!);
    const url = `${ORIGIN}/s/${line.sentenceId}`;
    expect(answer).toMatchObject({ url, edition: 'first', accessed: today() });
    const [year, month, day] = today().split('-').map(Number) as [number, number, number];
    const mlaDay = `${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })}`;
    expect(answer.styles.mla.text).toMatch(
      new RegExp(`^Alighieri, Dante\\. “Book 1, Canto 1, Lines \\d+–\\d+\\.” The Divine Comedy, .*Longfellow.*First edition`),
    );
    expect(answer.styles.mla.text).toContain(`Accessed ${mlaDay}`);
    expect(answer.styles.chicago.text).toContain('Alighieri, Dante.');
    expect(answer.styles.apa.text).toMatch(/^Alighieri, D\. \(n\.d\.\)\./);
    for (const style of Object.values(answer.styles)) {
      expect(style.text).toContain(url);
      expect(style.html).toContain(`<i>The Divine Comedy</i>`);
      expect(style.html).toContain(`<a href="${url}">`);
    }
    expect(answer.quote).toBe(
      `“${line.lines.trim()}”\n— Dante Alighieri (tr. Henry Wadsworth Longfellow), The Divine Comedy, ${answer.styles.apa.text.match(/Book 1, Canto 1, lines \d+–\d+/)![0]} (First edition). ${url}`,
    );
  });

  it('for reference managers: BibTeX, RIS and CSL-JSON that their own parsers read back', async () => {
    const line = await sentence(3);
    const answer = await cite(line.sentenceId!, '?edition=revised');
    expect(answer.edition).toBe('revised');

    const bib = parseBibtex(answer.bibtex);
    expect(bib.errors).toEqual([]);
    expect(bib.entries).toHaveLength(1);
    const [entry] = bib.entries;
    expect(entry!.type).toBe('inbook');
    expect(entry!.key).toBe(`AlighieriTheDivineComedy${line.sentenceId}`);
    expect(entry!.fields).toMatchObject({ booktitle: 'The Divine Comedy', edition: 'Revised edition', url: answer.url, urldate: today() });
    expect(entry!.fields.author).toEqual([{ lastName: 'Alighieri', firstName: 'Dante' }]);

    const [ris] = new Cite(answer.ris).data;
    expect(ris).toMatchObject({ type: 'chapter', 'container-title': 'The Divine Comedy', URL: answer.url, edition: 'Revised edition' });
    expect(ris!.accessed).toEqual({ 'date-parts': [today().split('-').map(Number)] });

    const validate = new Ajv({ strict: false }).compile(CSL_DATA_SCHEMA);
    const csl = JSON.parse(answer.cslJson) as unknown;
    expect(validate(csl), JSON.stringify(validate.errors)).toBe(true);
  });

  it('keeps one answer per sentence, edition and day (ETag), and answers again when the poem changes', async () => {
    const line = await sentence(4);
    const first = await reader().get(`/api/cite/s/${line.sentenceId}`);
    const again = await reader().get(`/api/cite/s/${line.sentenceId}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await importText(GITA_I);
    // withdrawn by the new poem, once the cache hears of the change (the database's notice can lag a busy machine)
    await expect.poll(async () => (await reader().get(`/api/cite/s/${line.sentenceId}`)).statusCode).toBe(404);
    const gita = await sentence(1);
    const answer = await cite(gita.sentenceId!);
    expect(answer.styles.mla.text).toMatch(/^व्यास\. “Book 1, Canto 1, Line 1\.” श्रीमद्भगवद्गीता/);
    expect(answer.quote).toContain('धर्मक्षेत्रे कुरुक्षेत्रे');
    expect(parseBibtex(answer.bibtex).entries[0]!.key).toBe(`sentence${gita.sentenceId}`);
  });

  it('refuses an edition it does not know and an id no sentence has, changing nothing', async () => {
    const line = await sentence(1);
    const bad = await reader().get(`/api/cite/s/${line.sentenceId}?edition=second`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/edition/);
    expect((await reader().get('/api/cite/s/999999')).statusCode).toBe(404);
    expect((await reader().get('/api/cite/s/abc')).statusCode).toBe(400);
  });
});
