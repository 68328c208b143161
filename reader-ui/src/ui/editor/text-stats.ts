/** Counting for the status bar and the excerpt: words, lines, the cursor's place, block starts. */

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
const LINK_TARGET = /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S.*$/gm;
const BARE_URL = /\b(?:https?:\/\/|mailto:|www\.)[^\s<>)\]]+/gi;
const HTML_TAG = /<\/?[A-Za-z][^<>]*>/g;

/**
 * Words as a reader sees them: link and image addresses, bare URLs and HTML tags do
 * not count, markdown marks (#, *, >, -) are not words, and "well-known", "don't"
 * and "3.14" are one word each.
 */
export function countWords(text: string): number {
  const visible = text.replace(LINK_TARGET, ']').replace(REFERENCE_DEFINITION, '').replace(BARE_URL, ' ').replace(HTML_TAG, ' ');
  return visible.match(WORD)?.length ?? 0;
}

/** Lines of the markdown source; an empty text is one (empty) line, as in a text editor. */
export function countLines(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

export interface CursorPosition {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, in characters (code points). */
  readonly column: number;
}

/** The 1-based line and column of a character offset (a textarea's selectionStart) in `text`. */
export function cursorPosition(text: string, offset: number): CursorPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split(/\r\n|\r|\n/);
  const last = lines[lines.length - 1] ?? '';
  return { line: lines.length, column: Array.from(last).length + 1 };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE = /^ {0,3}>/;
const LIST_ITEM = /^ {0,3}([-+*]|\d{1,9}[.)])[ \t]+\S/;
const INDENTED = /^(?: {2,}|\t)/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** The kind of list a line starts ("-", "*", "+", or "." / ")" for numbered), or null. */
function listKind(line: string): string | null {
  const marker = LIST_ITEM.exec(line)?.[1];
  if (marker === undefined) return null;
  return /\d/.test(marker) ? marker.slice(-1) : marker;
}

function startsOtherBlock(line: string): boolean {
  return FENCE.test(line) || ATX_HEADING.test(line) || QUOTE.test(line) || listKind(line) !== null || THEMATIC_BREAK.test(line);
}

/**
 * The 1-based first line of each top-level block of the markdown (paragraph, heading,
 * quote, list, code block, rule), in order: the rich editor's top-level blocks map to
 * these, so the status bar can tell which source line the rich cursor is on.
 */
export function blockStartLines(markdown: string): number[] {
  const lines = markdown.split(/\r\n|\r|\n/);
  const starts: number[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    starts.push(i + 1);
    const fence = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence)) i++;
      i++;
      continue;
    }
    if (ATX_HEADING.test(line) || (THEMATIC_BREAK.test(line) && listKind(line) === null)) {
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      i++;
      while (i < lines.length && !isBlank(lines[i] ?? '')) i++;
      continue;
    }
    const kind = listKind(line);
    if (kind !== null) {
      i++;
      for (;;) {
        while (
          i < lines.length &&
          !isBlank(lines[i] ?? '') &&
          (listKind(lines[i] ?? '') === kind || !startsOtherBlock(lines[i] ?? '') || INDENTED.test(lines[i] ?? ''))
        )
          i++;
        // A blank line ends the list unless the next text is more of it.
        let next = i;
        while (next < lines.length && isBlank(lines[next] ?? '')) next++;
        const after = lines[next];
        if (next > i && after !== undefined && (listKind(after) === kind || INDENTED.test(after))) {
          i = next;
          continue;
        }
        break;
      }
      continue;
    }
    // A paragraph: up to a blank line or the start of another kind of block; a setext underline ends it.
    i++;
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (isBlank(next)) break;
      if (SETEXT_UNDERLINE.test(next)) {
        i++;
        break;
      }
      if (startsOtherBlock(next)) break;
      i++;
    }
  }
  return starts;
}

/** The source line of the rich editor's `blockIndex`-th top-level block (1-based), clamped to the known blocks. */
export function lineOfBlock(markdown: string, blockIndex: number): number {
  const starts = blockStartLines(markdown);
  if (starts.length === 0) return 1;
  return starts[Math.max(0, Math.min(blockIndex, starts.length - 1))] ?? 1;
}
