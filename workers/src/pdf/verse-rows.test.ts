import { describe, expect, it } from 'vitest';
import { stanzaGroups, verseRows, type PlacedVerse } from './verse-rows.js';

const sentence = (n: number, stanza: number, fragments: string[], extra: Partial<PlacedVerse> = {}): PlacedVerse => ({
  n,
  stanza,
  joinsPrevious: false,
  stanzaBreaks: [],
  fragments,
  ...extra,
});
const text = (rows: ReturnType<typeof verseRows>[number]) =>
  rows.map((r) => r.segments.map((s) => (s.begins === null ? s.text : `[${s.begins}] ${s.text}`)).join(' '));
const marks = (rows: ReturnType<typeof verseRows>[number]) =>
  rows.map((r) => `${r.startsStanza ? 'S' : '-'}${r.opensStanza ? 'o' : '-'}${r.closesStanza ? 'c' : '-'}`);

describe('verse rows in print (the reader’s rules)', () => {
  it('keeps a verse line whole where one sentence ends and the next begins (Paradise Lost I.44–46)', () => {
    const blocks = verseRows([
      sentence(10, 1, ['Raised impious war in Heaven and battle proud,', 'With vain attempt.']),
      sentence(11, 1, ['Him the Almighty Power', 'Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down'], {
        joinsPrevious: true,
      }),
    ]);
    expect(text(blocks[0]!)).toEqual(['Raised impious war in Heaven and battle proud,', 'With vain attempt. [11] Him the Almighty Power']);
    expect(text(blocks[1]!)).toEqual(['Hurled headlong flaming from th’ ethereal sky,', 'With hideous ruin and combustion, down']);
    // One stanza of four lines: it opens on the first and closes on the last.
    expect([...marks(blocks[0]!), ...marks(blocks[1]!)]).toEqual(['So-', '---', '---', '--c']);
  });

  it('puts several sentences of one line on it, and begins a printed stanza at a break inside a sentence (Inferno I)', () => {
    const blocks = verseRows([
      sentence(
        5,
        5,
        [
          'But after I had reached a mountain’s foot,',
          'At that point where the valley terminated,',
          'Which had with consternation pierced my heart,',
          'Upward I looked, and I beheld its shoulders,',
          'Vested already with that planet’s rays',
          'Which leadeth others right by every road.',
        ],
        { stanzaBreaks: [3] },
      ),
      sentence(6, 7, ['She rose!']),
      sentence(7, 7, ['And all fell.'], { joinsPrevious: true }),
      sentence(8, 7, ['Then night.'], { joinsPrevious: true }),
    ]);
    expect(blocks[0]!.map((r) => r.stanzaBreakBefore)).toEqual([false, false, false, true, false, false]);
    expect(marks(blocks[0]!)).toEqual(['So-', '---', '--c', 'So-', '---', '--c']);
    expect(text(blocks[1]!)).toEqual(['She rose! [7] And all fell. [8] Then night.']);
    // A stanza of one line is neither kept with the line before nor the one after.
    expect(marks(blocks[1]!)).toEqual(['S--']);
    expect(blocks[2]).toEqual([]);
    expect(blocks[3]).toEqual([]);
  });

  it('starts a section on a new line even if its first sentence says it joins', () => {
    expect(text(verseRows([sentence(5, 1, ['Alone.'], { joinsPrevious: true })])[0]!)).toEqual(['Alone.']);
  });

  it('groups sentences by their stanza’s name, a sentence ending in a later stanza sharing its name with those after it there', () => {
    // Sentence 1 runs from stanza 10 into the next one, where sentence 2 follows; sentence 3 begins stanza 11.
    const groups = stanzaGroups([sentence(1, 10, ['a', 'b'], { stanzaBreaks: [1] }), sentence(2, 10, ['c']), sentence(3, 11, ['d'])]);
    expect(groups.map((g) => g.map((s) => s.n))).toEqual([[1, 2], [3]]);
    const blocks = verseRows([sentence(1, 10, ['a', 'b'], { stanzaBreaks: [1] }), sentence(2, 10, ['c']), sentence(3, 11, ['d'])]);
    expect(blocks.map(marks)).toEqual([['S--', 'So-'], ['--c'], ['S--']]);
  });
});
