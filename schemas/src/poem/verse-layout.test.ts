import { describe, expect, it } from 'vitest';
import { layOutVerse } from './verse-layout';

const text = (rows: ReturnType<typeof layOutVerse>[number]) => rows.map((r) => r.segments.map((s) => (s.begins === null ? s.text : `[${s.begins}] ${s.text}`)).join(' '));

describe('verse layout', () => {
  it('keeps a verse line whole where one sentence ends and the next begins (Paradise Lost I.44–46)', () => {
    const blocks = layOutVerse([
      { n: 10, sentence: {}, fragments: ['Raised impious war in Heaven and battle proud,', 'With vain attempt.'] },
      { n: 11, sentence: { joinsPrevious: true }, fragments: ['Him the Almighty Power', 'Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down'] },
    ]);
    expect(text(blocks[0]!)).toEqual(['Raised impious war in Heaven and battle proud,', 'With vain attempt. [11] Him the Almighty Power']);
    expect(text(blocks[1]!)).toEqual(['Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down']);
  });

  it('puts several sentences of one line on it, and marks a stanza break inside a sentence (Inferno I)', () => {
    const blocks = layOutVerse([
      { n: 1, sentence: { stanzaBreaks: [3] }, fragments: ['Midway upon the journey of our life', 'I found myself within a forest dark,', 'For the straightforward pathway had been lost.'.replace('.', ','), 'Ah me! how hard a thing it is to say'] },
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
});
