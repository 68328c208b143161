/**
 * On demand only (whole poems are not in the repository, and a book takes a minute to print):
 * imports a whole poem file, prints one of its books or cantos and checks with pdftotext that
 * every verse line comes out whole and in order, reporting the figures. For example
 *   EPOS_PDF_POEM=/work/corpora/paradise-lost.txt EPOS_PDF_PART=1 npx vitest run workers/src/pdf/whole-poem.test.ts
 * (EPOS_PDF_PART=1.3 for book 1, canto 3). The PDF is kept when EPOS_PDF_OUT names a file.
 */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { PdfPart } from '@epos/schemas';
import { pdfFonts, pdfPagesText, poemPrinter } from './printed-poem.js';
import { checkVerse, verseLinesOf } from './verse-check.js';

const poem = process.env.EPOS_PDF_POEM;

function partOf(spec: string): PdfPart {
  const [book, canto] = spec.split('.').map(Number);
  if (!Number.isInteger(book) || (canto !== undefined && !Number.isInteger(canto)))
    throw new Error(`EPOS_PDF_PART: expected <book> or <book>.<canto>, got "${spec}"`);
  return canto === undefined ? { typeOf: 1, book: book! } : { typeOf: 2, book: book!, canto };
}

describe.runIf(poem)('a whole poem file in print', () => {
  it('prints every verse line of the part whole and in order, in embedded fonts', { timeout: 900_000 }, async () => {
    const text = await fs.readFile(poem!, 'utf8');
    const part = partOf(process.env.EPOS_PDF_PART ?? '1');
    const printer = await poemPrinter(text);
    try {
      const started = performance.now();
      const { file, pages } = await printer.print(part);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (process.env.EPOS_PDF_OUT) await fs.copyFile(file, process.env.EPOS_PDF_OUT);
      const check = checkVerse(verseLinesOf(text, part.book, part.typeOf === 2 ? part.canto : null), await pdfPagesText(file, true));
      const fonts = await pdfFonts(file);
      console.log(
        `${poem} ${JSON.stringify(part)}: ${pages} pages in ${seconds} s; ${check.expected} verse lines in the file, ${check.wholeInOrder} whole and in order (${check.turnedOver} on a turnover line); ${fonts.length} fonts, ${fonts.filter((f) => !f.embedded).length} not embedded`,
      );
      expect(check.missing).toEqual([]);
      expect(check.wholeInOrder).toBe(check.expected);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    } finally {
      await printer.close();
    }
  });
});
