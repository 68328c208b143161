/**
 * The whole real poems of scripts/bench/corpora through the importer and back out of the reading
 * API: every verse line of every section, whole and in order, and every section, canto and book
 * name. Minutes per poem, so only when asked: `EPOS_WHOLE_POEMS=1 npx vitest run
 * scripts/checks/whole-poems.test.ts` (or EPOS_WHOLE_POEMS=ramayana,paradise-lost-1667 for some).
 * The figures it prints are in docs/poem-format.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { SectionAnswer } from '@epos/schemas';
import { importPoem } from '@epos/api/poem/import/import-poem';
import { parsePoemText } from '@epos/api/poem/import/text/parse-text';
import { startTestApi, type TestApi } from '@epos/api/testkit/test-api';

const corpora = path.resolve(import.meta.dirname, '../bench/corpora');
const asked = process.env.EPOS_WHOLE_POEMS ?? '';
const poems = fs
  .readdirSync(corpora)
  .filter((f) => f.endsWith('.txt.gz'))
  .map((f) => f.replace(/\.txt\.gz$/, ''))
  .filter((name) => asked === '1' || asked.split(',').includes(name));

describe.skipIf(poems.length === 0)('whole real poems, imported and read back', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.close());

  for (const name of poems) {
    it(`${name}: every verse line of every section comes back whole and in order`, { timeout: 1_800_000 }, async () => {
      const text = zlib.gunzipSync(fs.readFileSync(path.join(corpora, `${name}.txt.gz`))).toString('utf8');
      const parsed = parsePoemText(text, `${name}.txt`);
      const started = performance.now();
      const report = await importPoem(
        { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
        { fileName: `${name}.txt`, content: text, cause: { actor: 'whole-poems' }, confirmed: true },
      );
      expect(await api.deps.progress.waitFor(report.position!, { names: [POEM_PROJECTION], timeoutMs: 900_000 })).not.toBeNull();
      const imported = performance.now() - started;
      let lines = 0;
      let sections = 0;
      const mismatches: string[] = [];
      for (const book of parsed.books) {
        for (const canto of book.cantos) {
          for (const section of canto.sections) {
            const answer = await api.app.inject({
              method: 'GET',
              url: `/api/sbook/${book.book}/${canto.canto}/${section.section}`,
              headers: { 'x-consistent-after': String(report.position) },
            });
            expect(answer.statusCode, answer.body).toBe(200);
            const view = answer.json<SectionAnswer>();
            const got = wholeLines(view);
            const wanted = versesOf(section.sentences);
            if (JSON.stringify(got) !== JSON.stringify(wanted))
              mismatches.push(`${book.book}/${canto.canto}/${section.section}: ${firstDifference(got, wanted)}`);
            if (view.cantoName !== canto.name || view.bookName !== book.name) mismatches.push(`${book.book}/${canto.canto}: names differ`);
            lines += got.length;
            sections++;
          }
        }
      }
      console.log(
        `${name}: ${lines.toLocaleString('en')} verse lines in ${sections} sections read back; imported and projected in ${(imported / 1000).toFixed(1)} s`,
      );
      expect(mismatches.slice(0, 10)).toEqual([]);
    });
  }
});

/** The verse lines a section shows: the fragments of a line two sentences share joined by a space. */
function wholeLines(view: SectionAnswer): string[] {
  const byNumber = new Map<number, string[]>();
  for (const fragment of view.customSection[0]!.customSection.flatMap((s) => s.verseLines)) {
    byNumber.set(fragment.inPoemNumber!, [...(byNumber.get(fragment.inPoemNumber!) ?? []), fragment.text]);
  }
  return [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, parts]) => parts.join(' '));
}

/** The verse lines of a section as the file has them (the parser's fragments, a shared line joined). */
function versesOf(sentences: readonly { lines: readonly string[]; joinsPrevious: boolean }[]): string[] {
  const lines: string[] = [];
  sentences.forEach((s, i) => {
    s.lines.forEach((fragment, k) => {
      if (k === 0 && s.joinsPrevious && i > 0) lines[lines.length - 1] += ` ${fragment}`;
      else lines.push(fragment);
    });
  });
  return lines;
}

function firstDifference(got: readonly string[], wanted: readonly string[]): string {
  const at = got.findIndex((line, i) => line !== wanted[i]);
  const i = at === -1 ? Math.min(got.length, wanted.length) : at;
  return `line ${i + 1} of the section: got ${JSON.stringify(got[i])}, the file has ${JSON.stringify(wanted[i])} (${got.length} vs ${wanted.length} lines)`;
}
