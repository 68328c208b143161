import { describe, expect, it } from 'vitest';
import { orderKeysBetween } from '@epos/schemas';
import { emptySentence } from '@epos/domain/poem/sentence-state';
import { emptyStructure } from '@epos/domain/poem/structure-state';
import type { CurrentPoem } from './current-poem.js';
import { planImport } from './plan.js';
import type { PoemTargets, TargetSentence } from './targets.js';

/** A stored poem of one section: sentence i has id i + 1, number i + 1 and stanza `stanzas[i]`. */
function stored(texts: readonly string[], stanzas: readonly number[] = texts.map((_, i) => i + 1)): CurrentPoem {
  const keys = orderKeysBetween(null, null, texts.length);
  return {
    structure: emptyStructure(),
    structureRevision: null,
    sentences: new Map(
      texts.map((text, i) => [
        i + 1,
        {
          revision: 1n,
          state: {
            ...emptySentence(i + 1),
            placement: { book: 1, canto: 1, section: 1, stanza: stanzas[i]!, order: keys[i]!, joinsPrevious: false, stanzaBreaks: [] },
            text: { first: [text] },
          },
        },
      ]),
    ),
  };
}

const target = (text: string, stanza: number, stanzaBreaks: number[] = []): TargetSentence => ({
  placement: { book: 1, canto: 1, section: 1, stanza, joinsPrevious: false, stanzaBreaks },
  first: [text],
  content: { kind: 'firstText' },
});
const targets = (sentences: TargetSentence[]): PoemTargets => ({ structure: emptyStructure(), sentences });
const eventTypes = (plan: ReturnType<typeof planImport>) => plan.appends.flatMap((a) => a.events.map((e) => `${a.streamId}:${e.type}`));

const lines = [
  'Midway upon the journey of our life.',
  'I found myself within a forest dark.',
  'The straightforward pathway had been lost.',
  'Ah me! how hard a thing it is to say.',
  'What was this forest savage, rough, and stern.',
];

describe('planning an import', () => {
  it('moves a sentence from the end to the front with one placement event', () => {
    const plan = planImport(stored(lines), targets([lines[4]!, ...lines.slice(0, 4)].map((t, i) => target(t, [5, 1, 2, 3, 4][i]!))));
    expect(eventTypes(plan)).toEqual(['sentence-5:SentencePlaced']);
    expect(plan.counts).toMatchObject({ moved: 1, unchanged: 4, renumbered: 5 });
  });

  it('gives a stanza its stored name, and the stanza a sentence runs into the name of the stanza it began in', () => {
    // Stored: sentences 1–2 in stanza 10, 3–5 in stanza 20. The file runs sentence 2 over the break.
    const plan = planImport(
      stored(lines, [10, 10, 20, 20, 20]),
      targets([target(lines[0]!, 1), target(lines[1]!, 1, [1]), target(lines[2]!, 2), target(lines[3]!, 3), target(lines[4]!, 3)]),
    );
    const stanzaOf = (id: number) => {
      const placed = plan.appends.find((a) => a.streamId === `sentence-${id}`)?.events.find((e) => e.type === 'SentencePlaced');
      return placed ? (placed.data as { stanza: number }).stanza : 'unchanged';
    };
    expect([1, 2, 3, 4, 5].map(stanzaOf)).toEqual(['unchanged', 10, 10, 'unchanged', 'unchanged']);
  });

  it('counts every sentence of the file once, whatever happened to it (a stanza inserted, one sentence re-placed, one edited, one moved)', () => {
    const partition = (c: ReturnType<typeof planImport>['counts']) => c.unchanged + c.new + c.changed + c.moved + c.replaced;
    // A stanza inserted after the first: every later sentence is renumbered and takes the next stanza.
    const inserted = planImport(
      stored(lines),
      targets([target(lines[0]!, 1), target('A new stanza, and its one sentence.', 2), ...lines.slice(1).map((t, i) => target(t, i + 3))]),
    );
    expect(inserted.counts).toMatchObject({ sentences: 6, new: 1, unchanged: 5, renumbered: 4 });
    expect(partition(inserted.counts)).toBe(6);
    // The same words, one sentence now sharing the stanza before it: re-placed, not unchanged.
    const replaced = planImport(stored(lines), targets(lines.map((t, i) => target(t, i === 2 ? 2 : i + 1))));
    expect(replaced.counts).toMatchObject({ sentences: 5, replaced: 1, unchanged: 4 });
    expect(eventTypes(replaced)).toEqual(['sentence-3:SentencePlaced']);
    const mixed = planImport(
      stored(lines),
      targets([lines[4]!, lines[0]!, `${lines[1]!} Indeed.`, lines[2]!, lines[3]!].map((t, i) => target(t, i === 4 ? 4 : i + 1))),
    );
    expect(mixed.counts).toMatchObject({ sentences: 5, moved: 1, changed: 1 });
    expect(partition(mixed.counts)).toBe(5);
  });

  it('plans against a stored poem of 200,000 sentences', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => `Line ${i} of the long poem, and the sky was wide.`);
    const plan = planImport(stored(many), targets(many.map((t, i) => target(t, i + 1))));
    expect(plan.counts).toMatchObject({ sentences: 200_000, unchanged: 200_000, events: 0 });
  });
});
