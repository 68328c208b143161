import { BIDI_CONTROLS, codePointName } from '@epos/schemas/api/bidi';
import { MAX_PROBLEMS, PoemFormatError, type PoemProblem } from '../errors.js';

/**
 * Turns the bytes of a poem file into the text the parser reads, refusing what would import
 * something other than what the author sees in an editor. In order:
 *
 * 1. a file over {@link MAX_POEM_FILE_BYTES} is refused (`file: the file is N MB; …`);
 * 2. a binary file is refused (`file: not a text file`), see {@link looksBinary};
 * 3. bytes that are not UTF-8 are refused at the first bad byte (`file:line:column: not UTF-8 …`),
 *    with a hint when the file looks like Windows-1252 or Latin-1; a leading UTF-8 BOM is dropped;
 * 4. control characters, bidirectional embeddings/overrides/isolates and invisible characters are
 *    refused, each where it is (`file:line:column: …`), at most {@link MAX_PROBLEMS} of them;
 * 5. the text is normalised to NFC, with a notice when that changed it.
 *
 * Lines end at LF, CRLF or a lone CR, as in the parser; columns count code points from 1.
 */

/** The largest poem file read; the whole poem is a few megabytes. */
export const MAX_POEM_FILE_BYTES = 64 * 1024 * 1024;

export interface DecodedPoemFile {
  /** The file's text in NFC, without the leading byte order mark, line breaks as in the file. */
  text: string;
  /** What was done to the text, each as `file: what`, for the importer to pass on. */
  notices: string[];
}

/** Where a byte is: its offset in the file, and its line and character column (1-based). */
export interface BytePosition {
  offset: number;
  line: number;
  column: number;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const MEGABYTE = 1024 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Drops a leading BOM (ignoreBOM: false, the default); throws on the first ill-formed byte. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Refuses a poem file of `size` bytes over the limit; a caller may check before reading the file. */
export function checkPoemFileSize(size: number, fileName: string): void {
  if (size > MAX_POEM_FILE_BYTES) {
    throw new PoemFormatError([{ file: fileName, line: 0, message: `the file is ${megabytes(size)} MB; the limit is ${megabytes(MAX_POEM_FILE_BYTES)} MB` }]);
  }
}

/** Reads a poem file's bytes as text, or throws a PoemFormatError saying why it cannot (see above). */
export function decodePoemFile(bytes: Uint8Array, fileName: string): DecodedPoemFile {
  const refuse = (message: string, at?: BytePosition): never => {
    const where = at ? { line: at.line, column: at.column } : { line: 0 };
    throw new PoemFormatError([{ file: fileName, ...where, message }]);
  };
  checkPoemFileSize(bytes.length, fileName);
  if (looksBinary(bytes)) refuse('not a text file');

  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch (error) {
    const bad = findInvalidUtf8(bytes);
    if (!bad) throw error;
    return refuse(looksLikeWindows1252(bytes) ? 'not UTF-8 (it looks like Windows-1252; convert it with iconv)' : 'not UTF-8 (convert it to UTF-8)', bad);
  }

  const problems = characterProblems(text, fileName);
  if (problems.length > 0) throw new PoemFormatError(problems);
  return normaliseNfc(text, fileName);
}

/** Rounded up to a tenth, so a file just over the limit does not read as being at it. */
function megabytes(size: number): string {
  return String(Math.ceil((size / MEGABYTE) * 10) / 10);
}

// --- Binary files ---------------------------------------------------------------------------

/** Starts of file formats someone might pick instead of the poem's text. */
const MAGIC_NUMBERS: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x50, 0x4b, 0x03, 0x04], // ZIP, and so .docx, .odt and .epub
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x1f, 0x8b], // gzip
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // .doc and other Office 97–2003 files
];

/** UTF-16 text is full of NULs; it is left to the UTF-8 check, which says to convert it. */
const UTF16_BOMS: readonly (readonly number[])[] = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** Like git, only the start of a file is looked at to tell text from binary. */
const SNIFF_BYTES = 8 * 1024;

/**
 * Above this share of control bytes, a start with a NUL is binary. Random bytes have about 12%;
 * a text with one stray NUL has far fewer and is refused at that NUL, with its line and column.
 */
const BINARY_CONTROL_SHARE = 0.1;

/**
 * A file is binary when it starts with a known magic number, or when its first 8 KB hold a NUL
 * and more than 10% control bytes (C0 other than tab, LF and CR, and DEL).
 */
function looksBinary(bytes: Uint8Array): boolean {
  if (MAGIC_NUMBERS.some((magic) => startsWith(bytes, magic))) return true;
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom))) return false;
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (!head.includes(0)) return false;
  let controls = 0;
  for (const byte of head) if (isControlByte(byte)) controls++;
  return controls > head.length * BINARY_CONTROL_SHARE;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte);
}

function isControlByte(byte: number): boolean {
  return (byte < 0x20 && byte !== TAB && byte !== LF && byte !== CR) || byte === 0x7f;
}

// --- UTF-8 ----------------------------------------------------------------------------------

/**
 * The first byte that does not begin a well-formed UTF-8 sequence (a stray continuation byte,
 * an overlong form, a surrogate, a code point above U+10FFFF, or a sequence cut short), with its
 * line and column; null when the whole file is UTF-8. A leading BOM is skipped and not counted.
 */
export function findInvalidUtf8(bytes: Uint8Array): BytePosition | null {
  const start = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  for (let i = start; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return positionOf(bytes, start, i);
    i += length;
  }
  return null;
}

/** Length of the well-formed sequence at `i`, or 0 (Unicode Standard, Table 3-7). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const form = sequenceForm(lead);
  if (!form) return 0;
  const [length, secondMin, secondMax] = form;
  if (!inRange(bytes[i + 1], secondMin, secondMax)) return 0;
  for (let k = 2; k < length; k++) if (!inRange(bytes[i + k], 0x80, 0xbf)) return 0;
  return length;
}

/**
 * For a lead byte: the sequence's length and the range of its second byte, which is where
 * overlong forms (E0, F0), surrogates (ED) and code points above U+10FFFF (F4) are cut off.
 * Null for bytes that never lead: continuation bytes 80–BF, overlong C0–C1, and F5–FF.
 */
function sequenceForm(lead: number): [length: number, secondMin: number, secondMax: number] | null {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return null;
}

function inRange(byte: number | undefined, min: number, max: number): boolean {
  return byte !== undefined && byte >= min && byte <= max;
}

/** Line and column of `offset`, counted from `start` over bytes already known to be UTF-8. */
function positionOf(bytes: Uint8Array, start: number, offset: number): BytePosition {
  let line = 1;
  let lineStart = start;
  for (let i = start; i < offset; i++) {
    if (bytes[i] === LF || (bytes[i] === CR && bytes[i + 1] !== LF)) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < offset; i++) if (!inRange(bytes[i], 0x80, 0xbf)) column++;
  return { offset, line, column };
}

/**
 * Whether the file reads as Windows-1252 (or its subset Latin-1) text: no byte is a control
 * other than tab, LF or CR, nor one of the five bytes Windows-1252 leaves undefined.
 */
function looksLikeWindows1252(bytes: Uint8Array): boolean {
  return bytes.every((byte) => !isControlByte(byte) && !WINDOWS_1252_UNDEFINED.has(byte));
}

const WINDOWS_1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

// --- Characters -----------------------------------------------------------------------------

/** Not U+200C and U+200D (ZWNJ, ZWJ): Devanagari, Persian and other scripts need them. */
const INVISIBLE_NAMES = new Map([
  [0x200b, 'zero width space'],
  [0x2060, 'word joiner'],
  [0xfeff, 'zero width no-break space'],
]);

/** One problem per character not allowed in the text, in order, at most MAX_PROBLEMS. */
function characterProblems(text: string, fileName: string): PoemProblem[] {
  const problems: PoemProblem[] = [];
  let line = 1;
  let column = 1;
  for (let i = 0; i < text.length && problems.length < MAX_PROBLEMS; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) {
      line++;
      column = 1;
      continue;
    }
    // The second half of a surrogate pair: its code point was counted at the first half.
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    const message = characterMessage(code);
    if (message) problems.push({ file: fileName, line, column, message });
    column++;
  }
  return problems;
}

/** Why the character cannot be in a poem file, or null when it can. */
function characterMessage(code: number): string | null {
  if (code < 0x20) return code === TAB || code === LF || code === CR ? null : `control character ${codePointName(code)} is not allowed in a poem file`;
  if (code < 0x7f) return null;
  if (code <= 0x9f) return `control character ${codePointName(code)} is not allowed in a poem file`;
  // The one list of bidirectional controls (schemas api/bidi.ts), as every title and comment is checked: marks are verse's own.
  const bidi = BIDI_CONTROLS.get(code);
  if (bidi && bidi.kind !== 'mark')
    return `bidirectional ${bidi.kind} ${codePointName(code)} is not allowed (it makes text display in a different order than it is stored)`;
  const invisible = INVISIBLE_NAMES.get(code);
  if (invisible) return `invisible character ${codePointName(code)} (${invisible}) is not allowed`;
  return null;
}

// --- Normalisation --------------------------------------------------------------------------

const LINE_BREAK = /\r\n|\r|\n/;

function normaliseNfc(text: string, fileName: string): DecodedPoemFile {
  const normalised = text.normalize('NFC');
  if (normalised === text) return { text, notices: [] };
  const before = text.split(LINE_BREAK);
  const after = normalised.split(LINE_BREAK);
  const changed = before.filter((line, i) => line !== after[i]).length;
  return { text: normalised, notices: [`${fileName}: normalised to Unicode NFC (${changed} ${changed === 1 ? 'line' : 'lines'} changed)`] };
}
