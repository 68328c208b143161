import type { Edition } from '@epos/schemas';
import { MAX_PROBLEMS, PoemFormatError } from '../errors.js';

/**
 * Parser of the poem's plain-text format (documented in ./README.md). Pure: it reads a string
 * and returns the books, cantos, sections and sentences it describes, or throws one
 * PoemFormatError listing every problem (at most 50) as `file:line: message`.
 */

export interface ParsedSentence {
  /** Stanza number of its first fragment, counted across the whole poem from 1. */
  stanza: number;
  /**
   * Its fragments: whole verse lines, except a first one that begins mid-line (joinsPrevious)
   * and a last one that ends mid-line. Trimmed.
   */
  lines: string[];
  /** Source line (1-based) of its first fragment. */
  line: number;
  /** The first fragment continues the verse line on which the previous sentence ended. */
  joinsPrevious: boolean;
  /** Indices into `lines` before which a stanza break falls (the sentence runs across stanzas); [] mostly. */
  stanzaBreaks: number[];
}

interface ParsedSection {
  section: number;
  /** The title after "Section <n>:", or '' when there is none. */
  name: string;
  line: number;
  sentences: ParsedSentence[];
}

interface ParsedCanto {
  canto: number;
  name: string;
  line: number;
  sections: ParsedSection[];
}

interface ParsedBook {
  book: number;
  name: string;
  line: number;
  cantos: ParsedCanto[];
}

interface ParseWarning {
  line: number;
  message: string;
}

export interface ParsedPoemText {
  /** The edition named by an `Edition:` line, or null when the file has none. */
  edition: Edition | null;
  /** The text of a `Title:` line, or null when the file has none. */
  title: string | null;
  /** The text of an `Author:` line, or null when the file has none. */
  author: string | null;
  books: ParsedBook[];
  warnings: ParseWarning[];
  sentenceCount: number;
}

export interface ParseTextOptions {
  /** More abbreviations whose dot does not end a sentence (added to {@link DEFAULT_ABBREVIATIONS}). */
  abbreviations?: readonly string[];
}

/**
 * Words whose final dot does not end a sentence, matched case-insensitively against the word
 * (letters and inner dots) that ends at the dot. `etc.` is the exception among them: it still
 * ends a sentence unless a lower-case word follows it on the same line.
 */
export const DEFAULT_ABBREVIATIONS: readonly string[] = ['St.', 'Mr.', 'Mrs.', 'Dr.', 'Ms.', 'Jr.', 'Sr.', 'vs.', 'etc.', 'i.e.', 'e.g.', 'cf.', 'viz.'];
/** Abbreviations that may also close a sentence: they end one unless a lower-case word follows on the line. */
const ENDING_ABBREVIATIONS = new Set(['etc']);

const WARN_SECTION_UNCLOSED = 'section ends without closing its sentence';

type Level = 'Book' | 'Canto' | 'Section';
type HeaderKey = 'Edition' | 'Title' | 'Author';

const BOOK_HEADING = 'heading "Book <number>: <title>"';
const CANTO_HEADING = 'heading "Canto <number>: <title>"';
const SECTION_HEADING = 'heading "Section <number>"';

/** Keyword, whitespace, a numeral (digits or Roman letters) as a whole word, and the rest of the line. */
const HEADING = /^(book|canto|section)\s+([0-9]+|[ivxlcdm]+)\b(.*)$/i;
const ROMAN = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;
const HEADER_LINE = /^(edition|title|author)\s*:(.*)$/i;
const LINE_BREAK = /\r\n|\r|\n/;
/** Runs of sentence-ending marks: Latin, Devanagari danda and double danda, CJK full-width. */
const TERMINAL_RUN = /[.!?…।॥。！？]+/g;
const QUESTION_OR_EXCLAMATION = /[!?！？]/;
const CLOSERS = new Set(['’', '”', '"', "'", ')', ']', '»', '」', '』', '）', '》', '〉', '】']);
const WHITESPACE = /\s/;
/** French typography spaces a closing guillemet: `« Adieu. »`. */
const SPACED_GUILLEMET = /^\s+»/;
/** What may stand between a mark and the next word: spaces, opening quotes and brackets, dashes. */
const BEFORE_WORD = /[\s\p{Ps}\p{Pi}\p{Pd}"'¿¡]/u;
const LOWER_CASE = /\p{Ll}/u;
const WORD_CHAR = /[\p{L}\p{M}.]/u;

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

const normaliseAbbreviation = (word: string) => word.trim().toLowerCase().replace(/\.+$/, '');

function abbreviationSet(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...DEFAULT_ABBREVIATIONS, ...extra].map(normaliseAbbreviation).filter((word) => word !== ''));
}

const DEFAULT_ABBREVIATION_SET = abbreviationSet();

/** The word (letters, marks and inner dots) that ends just before `end`, lower-cased, without leading dots. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && WORD_CHAR.test(text[start - 1] as string)) start--;
  return text.slice(start, end).replace(/^\.+/, '').toLowerCase();
}

/** Whether the next word from `from` on (after spaces, opening quotes, brackets or dashes) begins with a lower-case letter. */
function lowerCaseFollows(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && BEFORE_WORD.test(text[i] as string)) i++;
  const code = text.codePointAt(i);
  return code !== undefined && LOWER_CASE.test(String.fromCodePoint(code));
}

/** A verse line cut at its sentence ends. */
export interface VerseLineSplit {
  /** The line's fragments, trimmed; every one but the last ends a sentence. Joined with single spaces they give the line back. */
  fragments: string[];
  /** Whether the last fragment (the end of the line) ends a sentence too. */
  ends: boolean;
}

/**
 * Cuts one trimmed verse line at its sentence ends (README, "Sentences"). A run of marks
 * (`. ! ? …`, the dandas `। ॥`, the full-width `。 ！ ？`), with any closing quotes or brackets
 * after it, ends a sentence when whitespace or the end of the line follows, except:
 * an ellipsis (`…`, `...`, or spaced `. . .`, its first dot glued to a word or not) ends one only at
 * the end of the line; a dot ending an abbreviation does not
 * (`etc.` only when a lower-case word follows); and a run with `!` or `?` does not when a
 * lower-case word follows on the line. `abbreviations` are added to {@link DEFAULT_ABBREVIATIONS}.
 */
export function splitVerseLine(text: string, abbreviations?: readonly string[]): VerseLineSplit {
  return split(text, abbreviations === undefined ? DEFAULT_ABBREVIATION_SET : abbreviationSet(abbreviations));
}

/** Whitespace, then a dot: what follows the first dot of a spaced ellipsis. */
const SPACED_DOT_FOLLOWS = /^[^\S\n]+\./u;

function split(text: string, abbreviations: ReadonlySet<string>): VerseLineSplit {
  const fragments: string[] = [];
  let ends = false;
  let from = 0;
  TERMINAL_RUN.lastIndex = 0;
  for (let match = TERMINAL_RUN.exec(text); match !== null; match = TERMINAL_RUN.exec(text)) {
    const run = match[0];
    let next = match.index + run.length;
    for (;;) {
      if (next < text.length && CLOSERS.has(text[next] as string)) next++;
      else if (SPACED_GUILLEMET.test(text.slice(next, next + 8))) next = text.indexOf('»', next) + 1;
      else break;
    }
    const atEnd = next >= text.length;
    if (!atEnd && !WHITESPACE.test(text[next] as string)) continue;
    // `...`, `…`, and the dots of a spaced ellipsis (`. . .`): the first one too, glued to its word (`Else. . .Such`).
    const spacedDots =
      run[0] === '.' && ((match.index > 0 && WHITESPACE.test(text[match.index - 1] as string)) || SPACED_DOT_FOLLOWS.test(text.slice(next, next + 8)));
    const ellipsis = run.includes('…') || run.includes('..') || spacedDots;
    if (ellipsis && !atEnd) continue;
    if (run === '.') {
      const word = wordBefore(text, match.index);
      if (abbreviations.has(word)) {
        if (!ENDING_ABBREVIATIONS.has(word)) continue;
        if (!atEnd && lowerCaseFollows(text, next)) continue;
      }
    }
    if (!atEnd && QUESTION_OR_EXCLAMATION.test(run) && lowerCaseFollows(text, next)) continue;
    if (atEnd) {
      ends = true;
      break;
    }
    fragments.push(text.slice(from, next).trim());
    from = next;
  }
  fragments.push(text.slice(from).trim());
  return { fragments, ends };
}

interface Numbering {
  /** The number of the last heading of this level in the current parent (0 before the first). */
  last: number;
  /** After a slip, the number the slipped heading should have had: the next heading may follow either. */
  alt: number | null;
}

/** A heading numbered lower than expected, which a missing parent heading would explain. */
interface Restart {
  line: number;
  level: Level;
  found: number;
  last: number;
  /** The parent that was open, whose successor's heading may be missing. */
  parent: number;
}

const PARENT: Record<Level, Level | null> = { Book: null, Canto: 'Book', Section: 'Canto' };

function plural(level: Level): string {
  return `${level}s`;
}

export function parsePoemText(source: string, fileName: string, options: ParseTextOptions = {}): ParsedPoemText {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const sourceLines = text.split(LINE_BREAK);
  const abbreviations = options.abbreviations === undefined ? DEFAULT_ABBREVIATION_SET : abbreviationSet(options.abbreviations);

  const problems: { line: number; message: string }[] = [];
  const warnings: ParseWarning[] = [];
  const books: ParsedBook[] = [];
  const header: Record<HeaderKey, { value: string | null; line: number }> = {
    Edition: { value: null, line: 0 },
    Title: { value: null, line: 0 },
    Author: { value: null, line: 0 },
  };
  let edition: Edition | null = null;
  let lastNonBlank = 0;

  // Open containers. A canto or section whose parent is missing (an error) is kept detached so
  // that what follows it is still checked without a cascade of follow-on errors.
  let book: ParsedBook | null = null;
  let canto: ParsedCanto | null = null;
  let section: ParsedSection | null = null;
  let bookHadVerse = false;
  let cantoHadVerse = false;
  let contentSeen = false;
  let misplacedVerseReported = false;

  const numbering: Record<Level, Numbering> = {
    Book: { last: 0, alt: null },
    Canto: { last: 0, alt: null },
    Section: { last: 0, alt: null },
  };
  // Restarts wait for the parent's next heading: if it skips a number, the restart was the
  // first heading under the missing parent heading and only the skip is reported.
  const restarts: Record<'Canto' | 'Section', Restart[]> = { Canto: [], Section: [] };

  // Verse state.
  let sentence: ParsedSentence | null = null;
  let sentenceLastLine = 0;
  let sentenceCount = 0;
  let stanza = 0;
  let inStanza = false;
  let blankSinceVerse = false;

  const problem = (line: number, message: string) => problems.push({ line, message });

  const closeSentence = () => {
    if (sentence !== null) warnings.push({ line: sentenceLastLine, message: WARN_SECTION_UNCLOSED });
    sentence = null;
  };

  const closeSection = () => {
    if (section !== null && section.sentences.length === 0) {
      problem(section.line, `Section ${section.section} has no verse (a section needs at least one verse line)`);
    }
    section = null;
  };
  const closeCanto = () => {
    closeSection();
    if (canto !== null && canto.sections.length === 0 && !cantoHadVerse) {
      problem(canto.line, `Canto ${canto.canto} has no section (expected a ${SECTION_HEADING} and verse after it)`);
    }
    canto = null;
    cantoHadVerse = false;
  };
  const closeBook = () => {
    closeCanto();
    if (book !== null && book.cantos.length === 0 && !bookHadVerse) {
      problem(book.line, `Book ${book.book} has no canto (expected a ${CANTO_HEADING} after it)`);
    }
    book = null;
    bookHadVerse = false;
  };

  /** Where a heading numbered `found` stands: after the previous one, or first in its parent. */
  const where = (level: Level, last: number) => {
    if (last > 0) return `after ${level} ${last}`;
    if (level === 'Book') return 'first in the file';
    return level === 'Canto' ? `first in Book ${book?.book ?? '?'}` : `first in Canto ${canto?.canto ?? '?'}`;
  };

  /** The message for a heading numbered lower than expected; `hint` names the parent heading that may be missing. */
  const lowerMessage = (restart: Restart, hint: boolean) => {
    const { level, found, last } = restart;
    const message =
      found === last
        ? `${level} ${found} appears twice (expected ${level} ${last + 1} after ${level} ${last})`
        : `expected ${level} ${last + 1} after ${level} ${last}, found ${level} ${found}`;
    const parent = PARENT[level];
    if (!hint || parent === null || found !== 1) return message;
    return `${message}; is the heading "${parent} ${restart.parent + 1}: <title>" missing before it?`;
  };

  const reportRestarts = (level: 'Canto' | 'Section', hint: boolean) => {
    for (const restart of restarts[level]) problem(restart.line, lowerMessage(restart, hint));
    restarts[level] = [];
  };

  /**
   * Checks a heading's number against the one expected and moves the numbering on to it (one
   * slip gives one error). Returns 'gap' when numbers were skipped, 'lower' when it is lower than
   * expected, or 'ok'.
   */
  const checkNumber = (level: Level, found: number, line: number, parent: number): 'ok' | 'gap' | 'lower' => {
    const state = numbering[level];
    const expected = state.last + 1;
    if (found === expected || (state.alt !== null && found === state.alt + 1)) {
      state.last = found;
      state.alt = null;
      return 'ok';
    }
    const last = state.last;
    state.last = found;
    state.alt = expected;
    if (found > expected) {
      const missing = found - expected;
      const numbers = missing === 1 ? `${level} ${expected} has` : `${plural(level)} ${expected} ${missing === 2 ? 'and' : 'to'} ${found - 1} have`;
      problem(line, `${numbers} no heading (found ${level} ${found} ${where(level, last)})`);
      return 'gap';
    }
    if (last === 0) {
      problem(line, `expected ${level} 1 ${where(level, 0)}, found ${level} ${found}`);
      return 'ok';
    }
    const restart: Restart = { line, level, found, last, parent };
    if (level === 'Book') problem(line, lowerMessage(restart, false));
    else restarts[level].push(restart);
    return 'lower';
  };

  const heading = (level: Level, number: number, name: string, line: number) => {
    closeSentence();
    inStanza = false;
    blankSinceVerse = false;
    contentSeen = true;
    misplacedVerseReported = false;
    if (level === 'Book') {
      closeBook();
      reportRestarts('Section', true);
      if (checkNumber('Book', number, line, 0) === 'gap') restarts.Canto = [];
      else reportRestarts('Canto', true);
      book = { book: number, name, line, cantos: [] };
      books.push(book);
      numbering.Canto = { last: 0, alt: null };
      numbering.Section = { last: 0, alt: null };
    } else if (level === 'Canto') {
      const openBook: ParsedBook | null = book;
      closeCanto();
      canto = { canto: number, name, line, sections: [] };
      if (openBook === null) {
        problem(line, `no ${BOOK_HEADING} before Canto ${number}`);
        reportRestarts('Section', true);
        numbering.Canto.last = number;
      } else {
        const result = checkNumber('Canto', number, line, openBook.book);
        if (result === 'gap') restarts.Section = [];
        else reportRestarts('Section', result !== 'ok');
        openBook.cantos.push(canto);
      }
      numbering.Section = { last: 0, alt: null };
    } else {
      const openCanto: ParsedCanto | null = canto;
      closeSection();
      section = { section: number, name, line, sentences: [] };
      if (openCanto === null) {
        problem(line, `no ${CANTO_HEADING} before Section ${number}`);
        numbering.Section.last = number;
      } else {
        checkNumber('Section', number, line, openCanto.canto);
        openCanto.sections.push(section);
      }
    }
  };

  const verse = (content: string, line: number) => {
    contentSeen = true;
    bookHadVerse = true;
    cantoHadVerse = true;
    if (section === null) {
      if (!misplacedVerseReported) {
        const wanted = canto !== null ? SECTION_HEADING : book !== null ? CANTO_HEADING : BOOK_HEADING;
        problem(line, `no ${wanted} before this verse`);
        misplacedVerseReported = true;
      }
      return;
    }
    if (!inStanza) {
      stanza++;
      inStanza = true;
    } else if (blankSinceVerse) {
      stanza++;
      const open = sentence as ParsedSentence | null;
      if (open !== null) open.stanzaBreaks.push(open.lines.length);
    }
    blankSinceVerse = false;
    const { fragments, ends } = split(content, abbreviations);
    for (let i = 0; i < fragments.length; i++) {
      let current = sentence as ParsedSentence | null;
      if (current === null) {
        sentenceCount++;
        current = { stanza, lines: [], line, joinsPrevious: i > 0, stanzaBreaks: [] };
        section.sentences.push(current);
      }
      current.lines.push(fragments[i] as string);
      sentenceLastLine = line;
      sentence = i < fragments.length - 1 || ends ? null : current;
    }
  };

  const headerLine = (key: HeaderKey, value: string, line: number) => {
    const seen = header[key];
    if (seen.line > 0) {
      problem(line, `a second "${key}:" line (the first is on line ${seen.line})`);
      return;
    }
    if (contentSeen) {
      problem(line, `"${key}:" line after the first heading (the "Edition:", "Title:" and "Author:" lines go before it)`);
      return;
    }
    seen.line = line;
    if (key === 'Edition') {
      const lower = value.toLowerCase();
      if (lower === 'first' || lower === 'centenary' || lower === 'revised') edition = lower;
      else problem(line, `unknown edition "${value}" (expected "Edition: First", "Edition: Centenary" or "Edition: Revised")`);
    } else if (value === '') {
      problem(line, `"${key}:" line without text (expected "${key}: <text>")`);
    } else {
      seen.value = value;
    }
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

    const headerMatch = HEADER_LINE.exec(content);
    if (headerMatch !== null) {
      const keyword = (headerMatch[1] as string).toLowerCase();
      const key: HeaderKey = keyword === 'edition' ? 'Edition' : keyword === 'title' ? 'Title' : 'Author';
      headerLine(key, (headerMatch[2] as string).trim(), line);
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
        // A bad numeral still opens the heading (as the number expected) so what follows is checked.
        const shown = number ?? numbering[level].last + 1;
        const name = rest.slice(1).trim();
        if (name === '' && level !== 'Section') {
          problem(line, `${level} ${shown} has no title (expected "${level} ${shown}: <title>")`);
        }
        heading(level, shown, name, line);
        continue;
      }
      if (number !== null) {
        warnings.push({ line, message: `this line looks like a heading but has no ":" after "${level} ${numeral}"; it is read as verse` });
      }
    }

    verse(content, line);
  }

  closeSentence();
  closeBook();
  reportRestarts('Section', true);
  reportRestarts('Canto', true);
  if (books.length === 0 && problems.length === 0) problem(lastNonBlank + 1, `no ${BOOK_HEADING} in the file`);

  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new PoemFormatError(problems.slice(0, MAX_PROBLEMS).map((p) => ({ file: fileName, ...p })));
  }
  warnings.sort((a, b) => a.line - b.line);
  return { edition, title: header.Title.value, author: header.Author.value, books, warnings, sentenceCount };
}
