import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { SectionAnswer } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { INFERNO_I, PARADISE_LOST_1667_VIII } from './import/fixtures/real-verse.js';
import { importPoem } from './import/import-poem.js';
import { parsePoemText } from './import/text/parse-text.js';

/** Real verse in, the same verse out: every line of a file comes back whole and in order from the reading API. */
let api: TestApi;
let after = '0';
const read = async (book: number, canto: number, section: number) => {
  const answer = await api.app.inject({ method: 'GET', url: `/api/sbook/${book}/${canto}/${section}`, headers: { 'x-consistent-after': after } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SectionAnswer>();
};
const importText = async (content: string) => {
  const report = await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.txt', content, cause: { actor: 'importer' }, confirmed: true },
  );
  after = String(report.position);
  return report;
};
/** The verse lines of a file: what is neither a header, a heading, a comment nor blank. */
const verseOf = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^(Title|Author|Edition):|^(Book|Canto|Section) \w+(:|$)|^\s*#/.test(l))
    .map((l) => l.trim());
/** The section's verse lines by their running numbers: the fragments of one line (two sentences sharing it) joined by a space. */
const linesOf = (section: SectionAnswer) => {
  const byNumber = new Map<number, string[]>();
  for (const fragment of section.customSection[0]!.customSection.flatMap((s) => s.verseLines)) {
    byNumber.set(fragment.inPoemNumber!, [...(byNumber.get(fragment.inPoemNumber!) ?? []), fragment.text]);
  }
  return [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, parts]) => parts.join(' '));
};

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('real verse through the importer and back', () => {
  it('keeps a 41-line blank-verse sentence that ends mid-line, and the one that begins there (Paradise Lost, 1667, VIII.1–57)', async () => {
    const report = await importText(PARADISE_LOST_1667_VIII);
    expect(report.plan.counts).toMatchObject({ sentences: 3, new: 3 });
    const section = await read(1, 1, 1);
    expect(linesOf(section)).toEqual(verseOf(PARADISE_LOST_1667_VIII));
    const [long, joined] = section.customSection[0]!.customSection;
    expect(long!.lines.split('\n')).toHaveLength(41);
    expect(long!.lines.split('\n').at(-1)).toBe('To Person or to Poem.');
    expect(joined).toMatchObject({ joinsPrevious: true });
    expect(joined!.lines.split('\n')[0]).toBe('Mee of these');
  });

  it('keeps tercets whose sentences run across them, with their stanza breaks, under a 203-character canto name (Inferno I)', async () => {
    await importText(INFERNO_I);
    const section = await read(1, 1, 1);
    expect(linesOf(section)).toEqual(verseOf(INFERNO_I));
    const parsed = parsePoemText(INFERNO_I, 'inferno.txt');
    expect(section.cantoName).toBe(parsed.books[0]!.cantos[0]!.name);
    const breaks = section.customSection[0]!.customSection.flatMap((s) => s.stanzaBreaks);
    expect(breaks.length).toBeGreaterThan(0);
  });
});
