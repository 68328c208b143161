import { describe, expect, it } from 'vitest';
import { excerptOf, plainText, wordCount } from './text.js';

describe('plainText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(plainText('# Title\n\nSome *em* and **strong**.\n\n- one\n- two')).toBe('Title Some em and strong. one two');
    expect(plainText('a &amp; b &lt;i&gt; "q" &copy; 1 < 2')).toBe('a & b <i> “q” © 1 < 2');
    expect(plainText('<div>a</div><div>b</div>wo<em>rd</em>')).toBe('a b word');
  });

  it('keeps code and link text but drops what the sanitizer removes', () => {
    expect(plainText('`x < y` [link](https://example.com) <script>alert(1)</script>')).toBe('x < y link');
    expect(plainText('| a | b |\n|-|-|\n| 1 | 2 |')).toBe('a b 1 2');
  });

  it('is empty for empty input', () => {
    expect(plainText('')).toBe('');
    expect(plainText('  \n\n ')).toBe('');
  });
});

describe('wordCount', () => {
  it('counts words of the rendered text', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('# One two\n\nthree *four* five')).toBe(5);
    expect(wordCount('Sing, goddess -- the wrath')).toBe(4);
    expect(wordCount('Ἄνδρα μοι ἔννεπε, Μοῦσα')).toBe(4);
  });
});

describe('excerptOf', () => {
  it('returns short text whole', () => {
    expect(excerptOf('Just **three** words')).toBe('Just three words');
    expect(excerptOf('one two three', 3)).toBe('one two three');
  });

  it('cuts after the given number of words with an ellipsis', () => {
    expect(excerptOf('one two three four', 2)).toBe('one two…');
    expect(excerptOf('one, two, three', 2)).toBe('one, two…');
    expect(excerptOf(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '))).toBe(`${Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')}…`);
  });

  it('keeps sentence references as written, so lists can link them', () => {
    expect(excerptOf('Read **||12||** then ||3||.')).toBe('Read ||12|| then ||3||.');
    expect(excerptOf('[named](/5) and <a class="sentence-link" href="/5">five</a>')).toBe('named and five');
    expect(wordCount('Read ||12|| slowly')).toBe(3);
  });

  it('does not cut off trailing punctuation only', () => {
    expect(excerptOf('one two --', 2)).toBe('one two –');
  });
});
