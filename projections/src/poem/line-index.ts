/** Where each sentence's verse lines fall in the running line numbers of poem, book and canto. */
export interface SentencePlace {
  /** Permanent id. */
  id: number;
  /** Running number. */
  sentence: number;
  book: number;
  canto: number;
  section: number;
  /** Names the sentence's stanza. */
  stanza: number;
  /** Stanza breaks inside the sentence. */
  stanzaBreaks: number;
  /** The running number of its (first) stanza in the poem. */
  stanzaNumber: number;
  /** Verse lines in the first edition. */
  lines: number;
  poemStart: number;
  bookStart: number;
  cantoStart: number;
  /** The sentence's ordinal within its book and within its canto. */
  inBook: number;
  inCanto: number;
}

export interface LineIndex {
  places: SentencePlace[];
  bySentence: Map<number, SentencePlace>;
  /** Sections of each canto, in order ("book.canto" → section numbers). */
  sectionsOf: Map<string, number[]>;
  totalLines: number;
}

export function buildLineIndex(
  rows: readonly Omit<SentencePlace, 'poemStart' | 'bookStart' | 'cantoStart' | 'inBook' | 'inCanto' | 'stanzaNumber'>[],
): LineIndex {
  const places: SentencePlace[] = [];
  const sectionsOf = new Map<string, number[]>();
  let poemLine = 1;
  let bookLine = 1;
  let cantoLine = 1;
  let inBook = 0;
  let inCanto = 0;
  let stanzaNumber = 0;
  let previous: (typeof rows)[number] | undefined;
  for (const row of rows) {
    stanzaNumber += previous === undefined || previous.stanza !== row.stanza ? 1 : 0;
    if (previous && previous.book !== row.book) [bookLine, inBook] = [1, 0];
    if (previous && (previous.book !== row.book || previous.canto !== row.canto)) [cantoLine, inCanto] = [1, 0];
    places.push({ ...row, stanzaNumber, poemStart: poemLine, bookStart: bookLine, cantoStart: cantoLine, inBook: ++inBook, inCanto: ++inCanto });
    stanzaNumber += row.stanzaBreaks;
    const key = `${row.book}.${row.canto}`;
    const sections = sectionsOf.get(key) ?? [];
    if (sections.at(-1) !== row.section) sections.push(row.section);
    sectionsOf.set(key, sections);
    poemLine += row.lines;
    bookLine += row.lines;
    cantoLine += row.lines;
    previous = row;
  }
  return { places, bySentence: new Map(places.map((p) => [p.sentence, p])), sectionsOf, totalLines: poemLine - 1 };
}

/** The sentence holding verse line `line` of the poem, and the line's offset within it. */
export function findPoemLine(index: LineIndex, line: number): { place: SentencePlace; offset: number } | null {
  if (line < 1 || line > index.totalLines) return null;
  let lo = 0;
  let hi = index.places.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.places[mid]!.poemStart <= line) lo = mid;
    else hi = mid - 1;
  }
  const place = index.places[lo]!;
  return { place, offset: line - place.poemStart };
}
