import { z } from 'zod';
import { bidiControlIn, bidiControlMessage } from './bidi.js';
import { labelledMessage } from './field-labels.js';

/**
 * The input boundary: what no text from a client may carry, whatever the field. NUL and the other
 * C0/C1 controls (tab, line feed and carriage return only where text may span lines), DEL, the
 * XML non-characters U+FFFE/U+FFFF and unpaired surrogates: none can be stored as JSON in
 * PostgreSQL or written into a feed, and none belongs in prose.
 */
// Control characters are what these patterns are for.
/* eslint-disable no-control-regex */
// With the u flag a surrogate pair is one code point, so the surrogate ranges match only unpaired halves.
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]/u;
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]/u;
/* eslint-enable no-control-regex */

/**
 * Which bidirectional controls a field refuses (api/bidi.ts, docs/decisions/bidi-controls.md):
 * - `runs`, for all text that is shown (titles, comments, posts, verse, searches): embeddings,
 *   overrides and isolates, which make text display in an order other than it is stored; the marks
 *   right-to-left writing needs are kept;
 * - `all`, for names (user names, display names): marks too, as invisible characters let two
 *   names look the same;
 * - `none`, for what is matched as typed and never shown (passwords, the user name a login looks up).
 */
export type BidiRule = 'runs' | 'all' | 'none';

export interface TextRules {
  multiline: boolean;
  /** `runs` when left out. */
  bidi?: BidiRule;
}

/** Why `value` cannot be taken as text (null when it can). */
export function unsafeCharacterIn(value: string, options: TextRules): string | null {
  const found = (options.multiline ? UNSAFE_IN_TEXT : UNSAFE_IN_LINE).exec(value)?.[0];
  if (found === undefined) return bidiProblem(value, options.bidi ?? 'runs');
  const code = found.charCodeAt(0);
  if (code === 0) return 'must not contain NUL characters';
  if (code >= 0xd800 && code <= 0xdfff) return 'must not contain unpaired surrogates (broken text encoding)';
  if (code === 0x0a || code === 0x0d) return 'must be a single line';
  return `must not contain control characters (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

function bidiProblem(value: string, rule: BidiRule): string | null {
  if (rule === 'none') return null;
  const control = bidiControlIn(value, { marks: rule === 'all' });
  return control ? bidiControlMessage(control) : null;
}

function checked(options: TextRules) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = unsafeCharacterIn(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** Text that may span lines (a post, a comment, a note), at most `max` characters. */
export const multilineText = (max: number, tooLong = `at most ${max} characters`, bidi: BidiRule = 'runs') =>
  z
    .string()
    .max(max, tooLong)
    .superRefine(checked({ multiline: true, bidi }));

/** One line of text (a title, a name, a slug, a search), at most `max` characters. */
export const lineText = (max: number, tooLong = `at most ${max} characters`, bidi: BidiRule = 'runs') =>
  z
    .string()
    .max(max, tooLong)
    .superRefine(checked({ multiline: false, bidi }));

/** A required line: trimmed, and `blank` when missing or empty. */
export const requiredLine = (max: number, blank: string, tooLong?: string, bidi: BidiRule = 'runs') =>
  z
    .string({ message: blank })
    .trim()
    .min(1, blank)
    .pipe(lineText(max, tooLong, bidi));

/** Required text that may span lines: trimmed, and `blank` when missing or empty. */
export const requiredText = (max: number, blank: string, tooLong?: string) =>
  z.string({ message: blank }).trim().min(1, blank).pipe(multilineText(max, tooLong));

const CANONICAL_WHOLE = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * A whole number as JSON sends it (an integer) or as a path, query or form sends it (its
 * canonical decimal digits). `true`, `[1]`, `"0x1"`, `" 1 "`, `"1.0"` and `"01"` are refused.
 */
export function wholeNumber(what: string, range: { min?: number; max?: number; message?: string } = {}) {
  const { min = 1, max = 2_147_483_647 } = range;
  const message = range.message ?? `${what} must be a whole number`;
  return z.union([z.int({ error: message }), z.string({ error: message }).regex(CANONICAL_WHOLE, message).transform(Number)], { error: message }).pipe(
    z
      .number()
      .min(min, range.message ?? `${what} must be at least ${min}`)
      .max(max, range.message ?? `${what} is too large`),
  );
}

/** An issue as one sentence naming its field by its label on the screens, unless its message is already a whole sentence (the spec's own). */
export function issueMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  return labelledMessage(issue.path, issue.message);
}
