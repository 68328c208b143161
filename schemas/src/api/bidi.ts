/**
 * Unicode's bidirectional controls (the Bidi_Control property), the one list the input boundary,
 * the poem importer, the feeds and the reader's page titles use. Zod-free: the reader app bundles it.
 *
 * Two kinds behave differently, and are treated differently (docs/decisions/bidi-controls.md):
 * - embeddings, overrides and isolates open a directional run that lasts until its closing control or
 *   the end of the paragraph. An override shows letters in the reverse of their stored order
 *   ("txt.exe" shown as "exe.txt"), and an unclosed one changes the text around it. No keyboard types
 *   them. They are refused in text sent to the site, and removed from text shown where the site
 *   cannot isolate it;
 * - marks (left-to-right, right-to-left, Arabic letter) are invisible letters with a direction. They
 *   only place neutral characters (digits, punctuation) next to right-to-left text, and the keyboards
 *   and editors of Arabic, Hebrew and Persian writers put them in. They are kept in prose and titles,
 *   and refused only in names, where an invisible character makes two names look the same.
 * Right-to-left letters themselves (Arabic, Hebrew…) are not controls: they are never touched.
 */

export type BidiControlKind = 'embedding' | 'override' | 'isolate' | 'mark';

/** Every Bidi_Control code point, by its kind and its Unicode name. */
export const BIDI_CONTROLS: ReadonlyMap<number, { kind: BidiControlKind; name: string }> = new Map([
  [0x061c, { kind: 'mark', name: 'Arabic letter mark' }],
  [0x200e, { kind: 'mark', name: 'left-to-right mark' }],
  [0x200f, { kind: 'mark', name: 'right-to-left mark' }],
  [0x202a, { kind: 'embedding', name: 'left-to-right embedding' }],
  [0x202b, { kind: 'embedding', name: 'right-to-left embedding' }],
  [0x202c, { kind: 'embedding', name: 'pop directional formatting' }],
  [0x202d, { kind: 'override', name: 'left-to-right override' }],
  [0x202e, { kind: 'override', name: 'right-to-left override' }],
  [0x2066, { kind: 'isolate', name: 'left-to-right isolate' }],
  [0x2067, { kind: 'isolate', name: 'right-to-left isolate' }],
  [0x2068, { kind: 'isolate', name: 'first strong isolate' }],
  [0x2069, { kind: 'isolate', name: 'pop directional isolate' }],
]);

/** The controls that open or close a directional run: embeddings, overrides, isolates. */
const RUN_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const RUN_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/gu;
const ANY_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export interface FoundBidiControl {
  code: number;
  kind: BidiControlKind;
  name: string;
}

/** The first bidirectional control in `text` (marks too when `marks`), or null. */
export function bidiControlIn(text: string, options: { marks: boolean }): FoundBidiControl | null {
  const found = (options.marks ? ANY_CONTROL : RUN_CONTROL).exec(text)?.[0];
  if (found === undefined) return null;
  const code = found.charCodeAt(0);
  return { code, ...BIDI_CONTROLS.get(code)! };
}

/** U+202E */
export const codePointName = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a field cannot hold `control`, as the input boundary says it after the field's name. */
export const bidiControlMessage = (control: FoundBidiControl) =>
  `must not contain the bidirectional ${control.kind} ${codePointName(control.code)} (${control.name}): it makes text display in an order other than it is stored`;

/** `text` without the controls that open or close a directional run (marks kept): for text shown where it cannot be isolated. */
export const withoutBidiRuns = (text: string): string => (RUN_CONTROL.test(text) ? text.replace(RUN_CONTROLS, '') : text);

const ALL_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** `text` without any bidirectional control, marks included: for file names, which no one types them into. */
export const withoutBidiControls = (text: string): string => text.replace(ALL_CONTROLS, '');
