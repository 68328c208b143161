import { describe, expect, it } from 'vitest';
import { layOutVerse } from './verse-layout.js';

const text = (rows: ReturnType<typeof layOutVerse>[number]) =>
  rows.map((r) => r.segments.map((s) => (s.begins === null ? s.text : `[${s.begins}] ${s.text}`)).join(' '));

describe('verse layout', () => {
  it('keeps a verse line whole where one sentence ends and the next begins (Paradise Lost I.44–46)', () => {
    const blocks = layOutVerse([
      { n: 10, sentence: {}, fragments: ['Raised impious war in Heaven and battle proud,', 'With vain attempt.'] },
      {
        n: 11,
        sentence: { joinsPrevious: true },
        fragments: ['Him the Almighty Power', 'Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down'],
      },
    ]);
    expect(text(blocks[0]!)).toEqual(['Raised impious war in Heaven and battle proud,', 'With vain attempt. [11] Him the Almighty Power']);
    expect(text(blocks[1]!)).toEqual(['Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down']);
  });

  it('puts several sentences of one line on it, and marks a stanza break inside a sentence (Inferno I)', () => {
    const blocks = layOutVerse([
      {
        n: 1,
        sentence: { stanzaBreaks: [3] },
        fragments: [
          'Midway upon the journey of our life',
          'I found myself within a forest dark,',
          'For the straightforward pathway had been lost.'.replace('.', ','),
          'Ah me! how hard a thing it is to say',
        ],
      },
      { n: 2, sentence: {}, fragments: ['She rose!'] },
      { n: 3, sentence: { joinsPrevious: true }, fragments: ['And all fell.'] },
      { n: 4, sentence: { joinsPrevious: true }, fragments: ['Then night.'] },
    ]);
    expect(blocks[0]!.map((r) => r.stanzaBreakBefore)).toEqual([false, false, false, true]);
    expect(text(blocks[1]!)).toEqual(['She rose! [3] And all fell. [4] Then night.']);
    expect(blocks[2]).toEqual([]);
    expect(blocks[3]).toEqual([]);
  });

  it('starts a section on a new line even if its first sentence says it joins', () => {
    expect(text(layOutVerse([{ n: 5, sentence: { joinsPrevious: true }, fragments: ['Alone.'] }])[0]!)).toEqual(['Alone.']);
  });

  it('gives each verse line one row, and marks a sentence that begins and ends inside a line as having none of its own (Inferno II.49–60)', () => {
    const sentences: { n: number; sentence: { joinsPrevious?: boolean; stanzaBreaks?: readonly number[] }; fragments: string[] }[] = [
      {
        n: 1,
        sentence: {},
        fragments: [
          'And unto thee I came, as she desired;',
          'I have delivered thee from that wild beast,',
          'Which barred the beautiful mountain’s short ascent.',
        ],
      },
      { n: 2, sentence: {}, fragments: ['What is it, then?'] },
      { n: 3, sentence: { joinsPrevious: true }, fragments: ['Why, why dost thou delay?'] },
      { n: 4, sentence: {}, fragments: ['Why is such baseness bedded in thy heart?'] },
      {
        n: 5,
        sentence: { stanzaBreaks: [1] },
        fragments: [
          'Daring and hardihood why hast thou not,',
          'Seeing that three such Ladies benedight',
          'Are caring for thee in the court of Heaven,',
          'And so much good my speech doth promise thee?”',
        ],
      },
    ];
    const blocks = layOutVerse(sentences);
    expect(blocks.map((rows) => rows.length)).toEqual([3, 1, 0, 1, 4]);
    expect(blocks.flat()).toHaveLength(9);
    expect(text(blocks[1]!)).toEqual(['What is it, then? [3] Why, why dost thou delay?']);
    expect(blocks[1]![0]!.segments[1]).toEqual({ text: 'Why, why dost thou delay?', begins: 3, fragment: 0, whole: true });
    expect(blocks[4]!.map((row) => row.stanzaBreakBefore)).toEqual([false, true, false, false]);
  });

  it('keeps the rows of a sentence that begins inside a line and goes on, so only its first part is in the line above', () => {
    const blocks = layOutVerse([
      { n: 10, sentence: {}, fragments: ['Raised impious war in Heaven and battle proud,', 'With vain attempt.'] },
      { n: 11, sentence: { joinsPrevious: true }, fragments: ['Him the Almighty Power', 'Hurled headlong flaming from th’ ethereal sky,'] },
    ]);
    expect(blocks[0]![1]!.segments[1]!.whole).toBe(false);
    expect(blocks[1]).toHaveLength(1);
  });
});
