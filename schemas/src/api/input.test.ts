import { describe, expect, it } from 'vitest';
import { lineText, multilineText, unsafeCharacterIn, wholeNumber } from './input.js';

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
