import { describe, expect, it } from 'vitest';
import { mailMessageSchema } from './port.js';
import { oneLine } from './one-line.js';

describe('oneLine', () => {
  it('collapses every run of whitespace, line breaks included, to one space and trims', () => {
    expect(oneLine('  A title\r\nwith\n\nbreaks\tand\u2028separators  ')).toBe('A title with breaks and separators');
    expect(oneLine('next\u0085line')).toBe('next line');
  });

  it('removes control characters, U+FFFE/U+FFFF and unpaired surrogates, keeping emoji whole', () => {
    expect(oneLine('bell\u0007 back\u0008space\u0000 del\u007f c1\u009b')).toBe('bell backspace del c1');
    expect(oneLine('a\ufffeb\uffffc\ud800d\udc00e')).toBe('abcde');
    expect(oneLine('read 📖 this')).toBe('read 📖 this');
  });

  it('caps the length with an ellipsis, never splitting a surrogate pair', () => {
    expect(oneLine('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(oneLine('one two three four', 12)).toBe('one two…');
    expect(oneLine(`${'a'.repeat(8)}📖📖`, 10)).toBe(`${'a'.repeat(8)}…`);
    expect(oneLine('exactly ten', 11)).toBe('exactly ten');
    expect(oneLine('x'.repeat(1000))).toHaveLength(200);
  });

  it('makes any text a subject the mail job accepts (given a prefix, for text that is all controls)', () => {
    const nasty = ['Title\r\nBcc: victim@example.org', '\u0008\u0000', ' \n ', 'x'.repeat(5000), '\ud83d'.repeat(400)];
    for (const text of nasty) {
      expect(mailMessageSchema.safeParse({ to: 'a@example.org', subject: `Re: ${oneLine(text)}`, text: '' }).success).toBe(true);
    }
  });
});
