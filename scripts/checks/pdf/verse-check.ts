/**
 * Checks that a printed edition shows the poem's verse lines whole, once and in order: the verse
 * lines of a plain-text poem file (docs/poem-format.md) against what `pdftotext -layout` reads.
 */

const NUMBER = '(?:\\d+|[ivxlcdm]+)';
/** Header lines, headings and comments (api/src/poem/import/text/README.md): everything else is verse. */
const NOT_VERSE = new RegExp(`^(?:(?:title|author|edition)\\s*:|(?:book|canto)\\s+${NUMBER}\\s*:|section\\s+${NUMBER}\\s*(?::.*)?$|#)`, 'i');

/** The verse lines of a plain-text poem file (of one book and canto when given; arabic numbers), as they would print: trimmed, spaces collapsed. */
export function verseLinesOf(text: string, book: number | null = null, canto: number | null = null): string[] {
  const lines: string[] = [];
  let inBook = book === null;
  let inCanto = canto === null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const bookHeading = /^book\s+(\d+)\s*:/i.exec(line);
    if (bookHeading) inBook = book === null || Number(bookHeading[1]) === book;
    const cantoHeading = /^canto\s+(\d+)\s*:/i.exec(line);
    if (cantoHeading) inCanto = canto === null || Number(cantoHeading[1]) === canto;
    if (line === '' || NOT_VERSE.test(line) || !inBook || !inCanto) continue;
    lines.push(normalise(line));
  }
  return lines;
}

const normalise = (line: string) => line.replace(/\s+/g, ' ').trim();
/** pdftotext puts spaces inside words of Indic scripts (at reordered vowel signs): rows are compared without spaces. */
const same = (printed: string, line: string) => printed.replace(/\s/g, '') === line.replace(/\s/g, '');

/**
 * The rows pdftotext reads on the verse pages, with the sentence numbers taken out: the one in
 * the margin at a row's start and the small one where a sentence begins inside a verse line
 * (after the previous sentence's end mark).
 */
function printedRows(pages: readonly string[]): { page: number; text: string; indent: number }[] {
  const rows: { page: number; text: string; indent: number }[] = [];
  pages.forEach((page, i) => {
    for (const raw of page.split('\n')) {
      if (raw.trim() === '') continue;
      const indent = raw.length - raw.trimStart().length;
      const text = normalise(raw.replace(/^\s*\d+\s{2,}/, '').replace(/([.!?…।॥。！？][’”"')\]»]*) \d+ ?(?=\S)/gu, '$1 '));
      rows.push({ page: i + 1, text, indent });
    }
  });
  return rows;
}

export interface VerseCheck {
  /** Verse lines in the file. */
  expected: number;
  /** Of them, printed whole, in order (on one row, or on a row and its turnover row). */
  wholeInOrder: number;
  /** Of those, set on a row and a turnover row (a line too long for the measure). */
  turnedOver: number;
  /** The first lines not found whole in order, for the failure message. */
  missing: string[];
}

/**
 * Walks the file's verse lines and the printed rows together: each verse line must be found
 * whole at or after the row where the previous one was found (rows between, such as headings,
 * running heads and page numbers, are passed over). A line split across rows, or printed as two
 * numbered lines, is not found whole.
 */
export function checkVerse(expected: readonly string[], pages: readonly string[]): VerseCheck {
  const rows = printedRows(pages);
  let at = 0;
  let wholeInOrder = 0;
  let turnedOver = 0;
  const missing: string[] = [];
  for (const line of expected) {
    let found = -1;
    let span = 1;
    // After the first, a verse line is looked for within the next rows only: a line found far ahead would hide a hole.
    const end = wholeInOrder === 0 ? rows.length : Math.min(rows.length, at + 60);
    for (let r = at; r < end && found < 0; r++) {
      if (same(rows[r]!.text, line)) found = r;
      else if (r + 1 < rows.length && rows[r + 1]!.indent > rows[r]!.indent && same(`${rows[r]!.text}${rows[r + 1]!.text}`, line)) {
        found = r;
        span = 2;
      }
    }
    if (found < 0) {
      if (missing.length < 20) missing.push(line);
      continue;
    }
    wholeInOrder++;
    if (span === 2) turnedOver++;
    at = found + span;
  }
  return { expected: expected.length, wholeInOrder, turnedOver, missing };
}
