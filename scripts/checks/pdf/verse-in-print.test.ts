/**
 * PDF editions set the poem's lines and stanzas as the reader does (issue 33), checked on real
 * verse imported by the real importer, printed by Chromium and read back with poppler's
 * pdftotext and pdffonts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARADISE_LOST_I } from '@epos/api/poem/import/fixtures/real-verse';
import { INFERNO_CANTO_I, INFERNO_CANTO_I_VERSE } from './inferno-canto-1.js';
import { RAMAYANA_OPENING } from './ramayana-opening.js';
import { pdfFonts, pdfPagesText, pdfTextLines, poemPrinter, type PoemPrinter, type TextLine } from './printed-poem.js';
import { checkVerse, verseLinesOf } from './verse-check.js';

const MM = 72 / 25.4;
/** The page's top margin: the text block begins below it. */
const TEXT_TOP = 20 * MM;
/** Where a running head's line begins: in the top margin, well above the text block. */
const HEAD_ZONE = 15 * MM;

const printers: PoemPrinter[] = [];
afterAll(async () => {
  for (const printer of printers.splice(0)) await printer.close();
});
async function printed(text: string, part: Parameters<PoemPrinter['print']>[0]) {
  const printer = await poemPrinter(text);
  printers.push(printer);
  return printer.print(part);
}

/** pdftotext's boxes of lines set one under the other touch (a tenth of a point): they overlap only by more than a point. */
const intersect = (a: TextLine, b: TextLine) => a.xMin < b.xMax - 1 && b.xMin < a.xMax - 1 && a.yMin < b.yMax - 1 && b.yMin < a.yMax - 1;
const bare = (text: string) => text.replace(/\s/g, '');

describe('a verse line shared by two sentences (Paradise Lost I.34–49)', () => {
  it('is printed once, whole, with the number of the sentence that begins in it', { timeout: 300_000 }, async () => {
    const { file } = await printed(PARADISE_LOST_I, { typeOf: 1, book: 1 });
    const pages = await pdfPagesText(file, true);
    const check = checkVerse(verseLinesOf(PARADISE_LOST_I), pages);
    expect(check.missing).toEqual([]);
    expect(check.wholeInOrder).toBe(16);
    const text = pages.join('\n');
    expect(text).toMatch(/With vain attempt\. 2 ?Him the Almighty Power/);
    expect(text).not.toMatch(/^\s*(\d+\s+)?Him the Almighty Power/m);
  });
});

describe('a whole canto of terza rima with a long summary for its name (Inferno I)', () => {
  let file: string;
  let pages: string[];
  let lines: TextLine[];
  let stanzaBreaks: { before: string; after: string }[];

  beforeAll(async () => {
    const result = await printed(INFERNO_CANTO_I, { typeOf: 2, book: 1, canto: 1 });
    file = result.file;
    pages = await pdfPagesText(file, true);
    lines = await pdfTextLines(file);
    stanzaBreaks = result.content.sentences.flatMap(({ state }) => {
      const fragments = state.text.first ?? [];
      return (state.placement?.stanzaBreaks ?? []).map((b) => ({ before: fragments[b - 1]!, after: fragments[b]! }));
    });
  }, 300_000);

  it('prints every verse line whole and in order', () => {
    const check = checkVerse(verseLinesOf(INFERNO_CANTO_I), pages);
    expect(check.missing).toEqual([]);
    expect(check.wholeInOrder).toBe(136);
  });

  it('leaves a stanza gap where a sentence runs on across the end of a tercet, as between tercets', () => {
    const find = (text: string) => lines.find((l) => l.text.endsWith(text))!;
    const pitches = INFERNO_CANTO_I_VERSE.slice(0, 2).map(find);
    const pitch = pitches[1]!.yMin - pitches[0]!.yMin;
    const stanzaGap = find('Ah me! how hard a thing it is to say').yMin - find('For the straightforward pathway had been lost.').yMin;
    expect(stanzaBreaks.length).toBeGreaterThanOrEqual(3);
    const samePage = stanzaBreaks.map(({ before, after }) => [find(before), find(after)] as const).filter(([a, b]) => a.page === b.page);
    expect(samePage.length).toBeGreaterThanOrEqual(2);
    // pdftotext's boxes wander by a point or so from line to line.
    for (const [a, b] of samePage) expect(Math.abs(b.yMin - a.yMin - stanzaGap), `${a.text} / ${b.text}`).toBeLessThan(2);
    // A stanza gap is a blank line.
    expect(stanzaGap / pitch).toBeGreaterThan(1.8);
    expect(stanzaGap / pitch).toBeLessThan(2.2);
  });

  it('keeps the running head to one line above the text, the long name cut short', () => {
    const headed = new Set<number>();
    for (let page = 1; page <= pages.length; page++) {
      const onPage = lines.filter((l) => l.page === page);
      for (const a of onPage) for (const b of onPage) if (a !== b) expect(intersect(a, b), `page ${page}: "${a.text}" and "${b.text}" overlap`).toBe(false);
      const heads = onPage.filter((l) => l.yMin < HEAD_ZONE);
      if (heads.length === 0) continue;
      expect(heads.map((l) => l.text)).toHaveLength(1);
      const head = heads[0]!;
      expect(head.text).toMatch(/^The Divine Comedy · Book 1 · Canto I · The Dark Forest\. .*…$/);
      expect(head.yMax).toBeLessThanOrEqual(TEXT_TOP);
      for (const line of onPage) if (line !== head) expect(line.yMin, `"${line.text}" is below the running head`).toBeGreaterThan(head.yMax);
      headed.add(page);
    }
    // The title page, the contents and the canto's opening page have none; every other page has one.
    expect(headed.size).toBeGreaterThanOrEqual(3);
    expect(headed.size).toBe(pages.length - 3);
  });

  it('opens the canto with its heading and its first lines on one page, and no page holds only headings', () => {
    const opening = lines.find((l) => l.text === 'Canto I')!;
    const onOpening = lines.filter((l) => l.page === opening.page).map((l) => l.text);
    expect(onOpening.some((t) => t.endsWith('Midway upon the journey of our life'))).toBe(true);
    expect(onOpening.some((t) => t.endsWith('For the straightforward pathway had been lost.'))).toBe(true);
    const verse = new Set(INFERNO_CANTO_I_VERSE.filter((l) => l !== ''));
    for (let page = opening.page; page <= pages.length; page++) {
      expect(
        lines.filter((l) => l.page === page).some((l) => verse.has(l.text.replace(/^\d+ /, ''))),
        `page ${page} has verse`,
      ).toBe(true);
    }
  });

  it('numbers every page but the title page, and embeds every font it uses', async () => {
    for (let page = 2; page <= pages.length; page++) {
      expect(lines.some((l) => l.page === page && l.text === String(page) && l.yMin > 190 * MM)).toBe(true);
    }
    const fonts = await pdfFonts(file);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  });
});

describe('Devanagari verse (Valmiki Ramayana I.1.1–20)', () => {
  it('prints lines, names and running head in an embedded Devanagari font', { timeout: 300_000 }, async () => {
    const { file } = await printed(RAMAYANA_OPENING, { typeOf: 1, book: 1 });
    const pages = await pdfPagesText(file, true);
    const check = checkVerse(verseLinesOf(RAMAYANA_OPENING), pages);
    expect(check.missing).toEqual([]);
    expect(check.wholeInOrder).toBe(40);
    const lines = await pdfTextLines(file);
    const heads = lines.filter((l) => l.yMin < HEAD_ZONE);
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) expect(bare(head.text)).toBe(bare('श्रीमद्वाल्मीकीयरामायणम् · Book 1 · Canto I · नारदवाक्यम्'));
    const fonts = await pdfFonts(file);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(fonts.some((f) => /NotoSerifDevanagari/.test(f.name))).toBe(true);
  });
});
