import { describe, expect, it } from 'vitest';
import { lineText, multilineText, requiredLine, unsafeCharacterIn, wholeNumber } from './input.js';

describe('the input boundary', () => {
  it('refuses NUL, controls and unpaired surrogates, and keeps real text of every script', () => {
    for (const bad of ['a\u0000b', 'x\u0008', '\u001b[31m', '\u0085', '\u009b', 'x\ud800', '\udfffy', '\uffff', '\u007f']) {
      expect(unsafeCharacterIn(bad, { multiline: true }), JSON.stringify(bad)).not.toBeNull();
    }
    for (const good of ['Sing, O goddess', 'मा निषाद', '天地玄黄', 'emoji 😀 pair', 'tab\there', 'two\nlines\r\n']) {
      expect(unsafeCharacterIn(good, { multiline: true }), JSON.stringify(good)).toBeNull();
    }
    expect(unsafeCharacterIn('two\nlines', { multiline: false })).toBe('must be a single line');
    expect(unsafeCharacterIn('a\u0000b', { multiline: false })).toBe('must not contain NUL characters');
    expect(unsafeCharacterIn('x\ud800', { multiline: false })).toMatch(/unpaired surrogates/);
  });

  it('checks both kinds of text in zod, with the length limit', () => {
    expect(lineText(10).safeParse('A title').success).toBe(true);
    expect(lineText(10).safeParse('A\ntitle').success).toBe(false);
    expect(lineText(3).safeParse('long').success).toBe(false);
    expect(multilineText(20).safeParse('A\ntitle').success).toBe(true);
    expect(multilineText(20).safeParse('A\u0008title').success).toBe(false);
  });

  it('refuses bidirectional runs in every shown field, marks too in names, none in what is never shown', () => {
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(lineText(50).safeParse(`a${control}b`).success, control).toBe(false);
      expect(multilineText(50).safeParse(`a\n${control}b`).success, control).toBe(false);
    }
    expect(unsafeCharacterIn('x\u202ey', { multiline: false })).toBe(
      'must not contain the bidirectional override U+202E (right-to-left override): it makes text display in an order other than it is stored',
    );
    for (const rtl of ['שלום\u200f (2)', 'مرحبا\u061c!', 'abc\u200e']) expect(lineText(50).safeParse(rtl).success, rtl).toBe(true);
    expect(lineText(50, undefined, 'all').safeParse('Alice\u200f').success).toBe(false);
    expect(lineText(50, undefined, 'all').safeParse('אליס').success).toBe(true);
    expect(lineText(50, undefined, 'none').safeParse('pass\u202eword').success).toBe(true);
    expect(requiredLine(50, 'a name is required', undefined, 'all').safeParse(' Bob\u061c ').success).toBe(false);
  });

  it('takes whole numbers only in their canonical form', () => {
    const n = wholeNumber('sentence');
    expect(n.parse(12)).toBe(12);
    expect(n.parse('12')).toBe(12);
    for (const lenient of [true, [1], '0x1', ' 1 ', '1.0', '01', '1e3', '', null, 1.5, '-1', '+1', 'NaN', 'Infinity']) {
      expect(n.safeParse(lenient).success, JSON.stringify(lenient)).toBe(false);
    }
    expect(n.safeParse('2147483648').success).toBe(false);
    expect(n.safeParse(0).success).toBe(false);
    expect(wholeNumber('revision', { min: 0 }).parse('0')).toBe(0);
    expect(n.safeParse('99999999999999999999').success).toBe(false);
  });
});
