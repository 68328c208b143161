import type { Edition } from '@epos/schemas';
import { MAX_PROBLEMS, PoemFormatError } from '../errors.js';

/**
 * Parser of the poem's plain-text format (documented in ./README.md). Pure: it reads a string
 * and returns the books, cantos, sections and sentences it describes, or throws one
 * PoemFormatError listing every problem (at most 50) as `file:line: message`.
 */

export interface ParsedSentence {
  /** Stanza number, counted across the whole poem from 1. */
  stanza: number;
  /** Its verse lines, indentation and trailing whitespace stripped. */
  lines: string[];
  /** Source line (1-based) of its first verse line. */
  line: number;
}

export interface ParsedSection {
  section: number;
  /** The title after "Section <n>:", or '' when there is none. */
  name: string;
  line: number;
  sentences: ParsedSentence[];
}

export interface ParsedCanto {
  canto: number;
  name: string;
  line: number;
  sections: ParsedSection[];
}

export interface ParsedBook {
  book: number;
  name: string;
  line: number;
  cantos: ParsedCanto[];
}

export interface ParseWarning {
  line: number;
  message: string;
}

export interface ParsedPoemText {
  /** The edition named by an `Edition:` line, or null when the file has none. */
  edition: Edition | null;
  books: ParsedBook[];
  warnings: ParseWarning[];
  sentenceCount: number;
}

type Level = 'Book' | 'Canto' | 'Section';

const EXPECT_BOOK = 'expected a heading "Book <number>: <title>"';
const EXPECT_CANTO = 'expected a heading "Canto <number>: <title>"';
const EXPECT_SECTION = 'expected a heading "Section <number>"';

export const WARN_STANZA_UNCLOSED = 'stanza ends without closing its sentence';
export const WARN_SECTION_UNCLOSED = 'section ends without closing its sentence';
export const warnMidLine = (sentence: number) => `a sentence ends mid-line; the rest of the line stays with sentence ${sentence}`;

/** Keyword, whitespace, a numeral (digits or Roman letters) as a whole word, and the rest of the line. */
const HEADING = /^(book|canto|section)\s+([0-9]+|[ivxlcdm]+)\b(.*)$/i;
const ROMAN = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;
const EDITION_LINE = /^edition\s*:(.*)$/i;
const LINE_BREAK = /\r\n|\r|\n/;
/** Runs of sentence-ending marks. */
const TERMINAL_RUN = /[.!?…]+/g;
const CLOSERS = new Set(['’', '”', '"', "'", ')', ']', '»']);
const WHITESPACE = /\s/;
/** French typography spaces a closing guillemet: `« Adieu. »`. */
const SPACED_GUILLEMET = /^\s+»/;

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function romanValue(numeral: string): number | null {
  if (numeral === '' || !ROMAN.test(numeral)) return null;
  const lower = numeral.toLowerCase();
  let total = 0;
  for (let i = 0; i < lower.length; i++) {
    const value = ROMAN_VALUES[lower[i] as string] as number;
    const next = i + 1 < lower.length ? (ROMAN_VALUES[lower[i + 1] as string] as number) : 0;
    total += value < next ? -value : value;
  }
  return total;
}

function numeralValue(numeral: string): number | null {
  return /^[0-9]+$/.test(numeral) ? Number(numeral) : romanValue(numeral);
}

/**
 * Where the sentence-ending marks of one (trimmed) verse line fall: `atEnd` when the line ends
 * with one, `midLine` when one is followed by more text on the line. A run of marks ends a
 * sentence only when followed (after optional closing quotes/brackets, `»` possibly after a
 * space) by whitespace or the end of the line; an ellipsis (`…`, two or more dots in a row, or
 * a dot standing after a space as in `. . .`) ends one only at the end of the line.
 */
export function sentenceEnds(text: string): { atEnd: boolean; midLine: boolean } {
  let atEnd = false;
  let midLine = false;
  TERMINAL_RUN.lastIndex = 0;
  for (let match = TERMINAL_RUN.exec(text); match !== null; match = TERMINAL_RUN.exec(text)) {
    const run = match[0];
    let next = match.index + run.length;
    for (;;) {
      if (next < text.length && CLOSERS.has(text[next] as string)) next++;
      else if (SPACED_GUILLEMET.test(text.slice(next, next + 8))) next = text.indexOf('»', next) + 1;
      else break;
    }
    if (next >= text.length) {
      atEnd = true;
      continue;
    }
    if (!WHITESPACE.test(text[next] as string)) continue;
    const ellipsis = run.includes('…') || run.includes('..') || (run[0] === '.' && match.index > 0 && WHITESPACE.test(text[match.index - 1] as string));
    if (!ellipsis) midLine = true;
  }
  return { atEnd, midLine };
}

export function parsePoemText(source: string, fileName: string): ParsedPoemText {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const sourceLines = text.split(LINE_BREAK);

  const problems: { line: number; message: string }[] = [];
  const warnings: ParseWarning[] = [];
  const books: ParsedBook[] = [];
  let edition: Edition | null = null;
  let editionLineSeen = false;
  let lastNonBlank = 0;

  // Open containers. A canto or section whose parent is missing (an error) is kept detached so
  // that what follows it is still checked without a cascade of follow-on errors.
  let book: ParsedBook | null = null;
  let canto: ParsedCanto | null = null;
  let section: ParsedSection | null = null;
  let bookHadVerse = false;
  let cantoHadVerse = false;
  let lastBook = 0;
  let lastCanto = 0;
  let lastSection = 0;
  let contentSeen = false;
  let misplacedVerseReported = false;

  // Verse state.
  let sentence: ParsedSentence | null = null;
  let sentenceLastLine = 0;
  let sentenceCount = 0;
  let stanza = 0;
  let inStanza = false;
  let blankSinceVerse = false;

  const problem = (line: number, message: string) => problems.push({ line, message });

  const closeSentence = (message: string) => {
    if (sentence !== null) warnings.push({ line: sentenceLastLine, message });
    sentence = null;
  };

  const closeSection = () => {
    if (section !== null && section.sentences.length === 0) {
      problem(section.line, `expected verse in Section ${section.section} (a section needs at least one verse line)`);
    }
    section = null;
  };
  const closeCanto = () => {
    closeSection();
    if (canto !== null && canto.sections.length === 0 && !cantoHadVerse) {
      problem(canto.line, `${EXPECT_SECTION} and verse in Canto ${canto.canto} (a canto needs at least one section)`);
    }
    canto = null;
    cantoHadVerse = false;
  };
  const closeBook = () => {
    closeCanto();
    if (book !== null && book.cantos.length === 0 && !bookHadVerse) {
      problem(book.line, `${EXPECT_CANTO} in Book ${book.book} (a book needs at least one canto)`);
    }
    book = null;
    bookHadVerse = false;
  };

  const checkNumber = (level: Level, found: number, last: number, line: number, scope: string) => {
    if (found !== last + 1) problem(line, `expected ${level} ${last + 1} (${scope}), found ${level} ${found}`);
  };

  const heading = (level: Level, number: number, name: string, line: number) => {
    closeSentence(WARN_SECTION_UNCLOSED);
    inStanza = false;
    blankSinceVerse = false;
    contentSeen = true;
    misplacedVerseReported = false;
    if (level === 'Book') {
      closeBook();
      checkNumber('Book', number, lastBook, line, 'books are numbered from 1');
      book = { book: number, name, line, cantos: [] };
      books.push(book);
      lastBook = number;
      lastCanto = 0;
    } else if (level === 'Canto') {
      closeCanto();
      canto = { canto: number, name, line, sections: [] };
      if (book === null) {
        problem(line, `${EXPECT_BOOK} before a canto`);
      } else {
        checkNumber('Canto', number, lastCanto, line, 'cantos are numbered from 1 in each book');
        book.cantos.push(canto);
      }
      lastCanto = number;
      lastSection = 0;
    } else {
      closeSection();
      section = { section: number, name, line, sentences: [] };
      if (canto === null) {
        problem(line, `${EXPECT_CANTO} before a section`);
      } else {
        checkNumber('Section', number, lastSection, line, 'sections are numbered from 1 in each canto');
        canto.sections.push(section);
      }
      lastSection = number;
    }
  };

  const verse = (content: string, line: number) => {
    contentSeen = true;
    bookHadVerse = true;
    cantoHadVerse = true;
    if (section === null) {
      if (!misplacedVerseReported) {
        const wanted = canto !== null ? EXPECT_SECTION : book !== null ? EXPECT_CANTO : EXPECT_BOOK;
        problem(line, `${wanted} before verse`);
        misplacedVerseReported = true;
      }
      return;
    }
    if (blankSinceVerse) {
      closeSentence(WARN_STANZA_UNCLOSED);
      inStanza = false;
      blankSinceVerse = false;
    }
    if (!inStanza) {
      stanza++;
      inStanza = true;
    }
    if (sentence === null) {
      sentenceCount++;
      sentence = { stanza, lines: [], line };
      section.sentences.push(sentence);
    }
    sentence.lines.push(content);
    sentenceLastLine = line;
    const ends = sentenceEnds(content);
    if (ends.midLine) warnings.push({ line, message: warnMidLine(sentenceCount) });
    if (ends.atEnd || ends.midLine) sentence = null;
  };

  for (let index = 0; index < sourceLines.length; index++) {
    const line = index + 1;
    const content = (sourceLines[index] as string).trim();
    if (content === '') {
      blankSinceVerse = true;
      continue;
    }
    lastNonBlank = line;
    if (content.startsWith('#')) continue;

    const editionMatch = EDITION_LINE.exec(content);
    if (editionMatch !== null) {
      if (editionLineSeen || contentSeen) {
        problem(line, 'expected the "Edition:" line only once, before the first heading');
        continue;
      }
      editionLineSeen = true;
      const value = (editionMatch[1] as string).trim().toLowerCase();
      if (value === 'first' || value === 'centenary' || value === 'revised') edition = value;
      else problem(line, 'expected "Edition: First", "Edition: Centenary" or "Edition: Revised"');
      continue;
    }

    const headingMatch = HEADING.exec(content);
    if (headingMatch !== null) {
      const keyword = (headingMatch[1] as string).toLowerCase();
      const level: Level = keyword === 'book' ? 'Book' : keyword === 'canto' ? 'Canto' : 'Section';
      const numeral = headingMatch[2] as string;
      const rest = (headingMatch[3] as string).trim();
      const number = numeralValue(numeral);
      if (rest === '' || rest.startsWith(':')) {
        if (number === null) {
          problem(line, `expected a number after "${level}" (1, 2, 3… or I, II, III…), found "${numeral}"`);
        }
        const name = rest.slice(1).trim();
        if (name === '' && level !== 'Section') {
          problem(line, `expected a title: "${level} <number>: <title>"`);
        }
        // A bad numeral still opens the heading (as the number expected) so what follows is checked.
        const expected = (level === 'Book' ? lastBook : level === 'Canto' ? lastCanto : lastSection) + 1;
        heading(level, number ?? expected, name, line);
        continue;
      }
      if (number !== null) {
        warnings.push({ line, message: `this line looks like a heading but has no ":" after "${level} ${numeral}"; it is read as verse` });
      }
    }

    verse(content, line);
  }

  closeSentence(WARN_SECTION_UNCLOSED);
  closeBook();
  if (books.length === 0 && problems.length === 0) problem(lastNonBlank + 1, EXPECT_BOOK);

  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new PoemFormatError(problems.slice(0, MAX_PROBLEMS).map((p) => ({ file: fileName, ...p })));
  }
  warnings.sort((a, b) => a.line - b.line);
  return { edition, books, warnings, sentenceCount };
}
