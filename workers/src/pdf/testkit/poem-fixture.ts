import type { EventStore } from '@epos/platform';
import { orderKeyOfNumber, POEM_STREAM, sentenceStream } from '@epos/schemas';

/** Devanagari with conjuncts (क्ष, त्र, द्व, न्द्व, श्री, न्द), to check shaping and reading order. */
export const SANSKRIT_LINE = 'क्षत्रिय द्वन्द्व श्रीअरविन्द';

/**
 * A canto of `count` sentences appended as the importer would (book 1, canto 1, sections of 20),
 * each with a French translation, a Sanskrit line in Devanagari and a commentary layer's entry.
 */
export async function appendCanto(store: EventStore, count: number): Promise<void> {
  const cause = { actor: 'test' };
  await store.append(
    POEM_STREAM,
    [
      { type: 'PoemBookNamed', data: { book: 1, name: 'The Kindling' } },
      { type: 'PoemCantoNamed', data: { book: 1, canto: 1, name: 'The Darkening of the Vale' } },
      { type: 'CommentaryLayerDefined', data: { key: 'scholar', label: "The Scholar's glosses", author: 'Ines Calloway', order: 0 } },
    ],
    { expectedRevision: 'any', cause },
  );
  const sentences = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      streamId: sentenceStream(n),
      expectedRevision: 'no_stream' as const,
      events: [
        {
          type: 'SentencePlaced',
          data: {
            sentence: n,
            book: 1,
            canto: 1,
            section: 1 + Math.floor(i / 20),
            stanza: n,
            order: orderKeyOfNumber(n),
            joinsPrevious: false,
            stanzaBreaks: [],
          },
        },
        {
          type: 'SentenceTextSet',
          data: {
            sentence: n,
            edition: 'first',
            lines: [`Line one of sentence ${n}, where the lamp burns low in the vale,`, 'And line two, where the night comes on across the marsh and river.'],
          },
        },
        { type: 'TranslationSet', data: { sentence: n, lang: 'fr', lines: [`Phrase ${n} : la lampe brûle bas dans la vallée.`] } },
        { type: 'TranslationSet', data: { sentence: n, lang: 'sa', lines: [SANSKRIT_LINE] } },
        { type: 'CommentarySet', data: { sentence: n, layer: 'scholar', text: `Gloss on sentence ${n}: the light narrows as the point of view does.` } },
      ],
    };
  });
  await store.appendMany(sentences, { cause });
}
