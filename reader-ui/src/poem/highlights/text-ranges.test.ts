import { describe, expect, it } from 'vitest';
import { offsetOf, partsOf, sentenceTextOf, wordSpan, wordsOf } from './text-ranges';

/** Longfellow's Inferno I.1–3, Milton's Paradise Lost I.45–49 (1674, its lines joined by slashes), the Gita I.1 (second half): verse lines as the reader shows them. */
const INFERNO = ['Midway upon the journey of our life', '  I found myself within a forest dark,', '  For the straightforward pathway had been lost.'];
const MILTON =
  "Hurld headlong flaming from th' Ethereal Skie / With hideous ruine and combustion down / To bottomless perdition, there to dwell / In Adamantine Chains and penal Fire, / Who durst defie th' Omnipotent to Arms.";
const GITA = 'मामकाः पाण्डवाश्चैव किमकुर्वत सञ्जय॥';

describe('a highlight on a sentence shown as fragments', () => {
  // Inferno I.1–3: a sentence over a tercet's three lines.
  const tercet = INFERNO;
  const text = sentenceTextOf(tercet);

  it('covers the parts of each line its range spans, never the line breaks', () => {
    const start = text.indexOf('our life');
    const end = text.indexOf('dark') + 'dark'.length;
    const parts = partsOf(tercet, { start, end });
    expect(parts.map((p) => tercet[p.fragment]!.slice(p.from, p.to))).toEqual(['our life', '  I found myself within a forest dark']);
  });

  it('maps an offset in a line back to the sentence text', () => {
    const offset = offsetOf(tercet, 2, tercet[2]!.indexOf('pathway'));
    expect(text.slice(offset, offset + 'pathway'.length)).toBe('pathway');
  });

  it('snaps a selection that begins and ends inside words to those whole words', () => {
    const words = wordsOf(text);
    const start = text.indexOf('ourney');
    const end = text.indexOf('lif') + 3;
    const span = wordSpan(words, { start, end })!;
    expect(text.slice(words[span.first]!.start, words[span.last]!.end)).toBe('journey of our life');
    expect(wordSpan(words, { start: text.indexOf('\n'), end: text.indexOf('\n') + 1 })).toBeNull();
  });
});

describe('words', () => {
  it("keep an apostrophe or hyphen inside a word, not one that ends it (Milton's th' Omnipotent)", () => {
    expect(
      wordsOf(MILTON)
        .map((w) => w.text)
        .slice(0, 6),
    ).toEqual(['Hurld', 'headlong', 'flaming', 'from', 'th', 'Ethereal']);
    expect(wordsOf("heaven-born o'er the deep").map((w) => w.text)).toEqual(['heaven-born', "o'er", 'the', 'deep']);
  });

  it('are whole in Devanagari, with their vowel signs and viramas', () => {
    expect(wordsOf(GITA).map((w) => w.text)).toEqual(['मामकाः', 'पाण्डवाश्चैव', 'किमकुर्वत', 'सञ्जय']);
  });
});
