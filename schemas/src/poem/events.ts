import { z } from 'zod';
import { defineEvent } from '../events/define-event.js';
import {
  editionSchema,
  introductionSchema,
  languageSchema,
  MAX_INT32,
  layerKeySchema,
  mediaItemSchema,
  mediaKindSchema,
  partNameSchema,
  positiveInt,
  sentenceFieldSchema,
  verseLinesSchema,
  wordRelationSchema,
} from './vocabulary.js';
import { orderKeyOfNumber, orderKeyPattern } from './order-key.js';

/** Stream of the poem's structure: names of books, cantos, sections; commentary layers; part media. */
export const POEM_STREAM = 'poem';
/**
 * One stream per sentence: its history is the sentence's revision history. A sentence's stream is
 * named by its permanent id, which never changes; its running number is its placement, derived
 * from its order key (events stored before ids existed have id = the number they were placed at).
 */
export const sentenceStream = (id: number) => `sentence-${id}`;

const book = positiveInt('book');
const canto = positiveInt('canto');
const section = positiveInt('section');
/** The sentence's permanent id (its stream), not its running number. */
const sentence = positiveInt('sentence');
const name = partNameSchema;

/** The poem's own title and author (served in preference to configuration). */
export const poemTitled = defineEvent('PoemTitled', z.object({ title: name.nullable(), author: name.nullable() }));
/** The poem's short introduction (the home page shows it), or null when it has none. */
export const poemIntroduced = defineEvent('PoemIntroduced', z.object({ introduction: introductionSchema.nullable() }));
export const poemBookNamed = defineEvent('PoemBookNamed', z.object({ book, name }));
export const poemCantoNamed = defineEvent('PoemCantoNamed', z.object({ book, canto, name }));
export const poemSectionNamed = defineEvent('PoemSectionNamed', z.object({ book, canto, section, name: z.string().trim().max(300) }));
export const commentaryLayerDefined = defineEvent(
  'CommentaryLayerDefined',
  z.object({ key: layerKeySchema, label: name, author: name, order: z.number().int().min(0).max(MAX_INT32) }),
);
/** PDF and artist images of a book (canto null) or of a canto. */
export const poemPartMediaSet = defineEvent(
  'PoemPartMediaSet',
  z.object({
    book,
    canto: canto.nullable(),
    pdf: z.object({ url: z.string().min(1).max(2000), date: z.iso.date() }).nullable(),
    images: z.array(mediaItemSchema).max(200),
  }),
);
/** A commentary layer's note on a whole canto. */
export const commentaryLayerRemoved = defineEvent('CommentaryLayerRemoved', z.object({ key: layerKeySchema }));
export const cantoNoteSet = defineEvent('CantoNoteSet', z.object({ layer: layerKeySchema, book, canto, text: z.string().max(100_000).nullable() }));

/**
 * Where a sentence stands. `order` ranks it in the poem (its running number is derived from it);
 * `stanza` names its stanza (sentences of one stanza share it; numbers are derived); the layout
 * says whether its first fragment continues the previous sentence's verse line and before which
 * of its fragments a stanza break falls.
 */
export const sentencePlaced = defineEvent(
  'SentencePlaced',
  z.object({
    sentence,
    book,
    canto,
    section,
    stanza: positiveInt('stanza'),
    order: z.string().regex(orderKeyPattern).max(1000),
    joinsPrevious: z.boolean(),
    stanzaBreaks: z.array(positiveInt('stanza break')).max(400),
  }),
  {
    version: 2,
    upcasters: [
      {
        from: 1,
        up: (data) => ({
          ...(data as { sentence: number }),
          order: orderKeyOfNumber((data as { sentence: number }).sentence),
          joinsPrevious: false,
          stanzaBreaks: [],
        }),
      },
    ],
  },
);
/** The sentence leaves the poem (an import no longer has it, or it was merged `into` another); its history stays. */
export const sentenceWithdrawn = defineEvent('SentenceWithdrawn', z.object({ sentence, into: sentence.optional() }));
/** Part of the sentence's text became the sentences `into` (an import found it divided); it keeps its annotations. */
export const sentenceSplit = defineEvent('SentenceSplit', z.object({ sentence, into: z.array(sentence).min(1).max(50) }));
/** The sentences `from` were joined to this one (an import found them one sentence); they are withdrawn. */
export const sentencesMerged = defineEvent('SentencesMerged', z.object({ sentence, from: z.array(sentence).min(1).max(50) }));
/** An edit an editor accepted from a reader's suggestion credits that reader (their user id). */
const suggestedBy = z.uuid().optional();
export const sentenceTextSet = defineEvent('SentenceTextSet', z.object({ sentence, edition: editionSchema, lines: verseLinesSchema.nullable(), suggestedBy }));
export const sentenceFieldSet = defineEvent(
  'SentenceFieldSet',
  z.object({ sentence, field: sentenceFieldSchema, value: z.string().max(100_000).nullable(), suggestedBy }),
);
export const translationSet = defineEvent('TranslationSet', z.object({ sentence, lang: languageSchema, lines: verseLinesSchema.nullable(), suggestedBy }));
export const sentenceMediaSet = defineEvent('SentenceMediaSet', z.object({ sentence, kind: mediaKindSchema, items: z.array(mediaItemSchema).max(100) }));
export const wordRelationsSet = defineEvent('WordRelationsSet', z.object({ sentence, relations: z.array(wordRelationSchema).max(200) }));
export const commentarySet = defineEvent('CommentarySet', z.object({ sentence, layer: layerKeySchema, text: z.string().max(100_000).nullable() }));

export const poemStructureEvents = [
  poemTitled,
  poemIntroduced,
  poemBookNamed,
  poemCantoNamed,
  poemSectionNamed,
  commentaryLayerDefined,
  commentaryLayerRemoved,
  poemPartMediaSet,
  cantoNoteSet,
] as const;
export const sentenceEvents = [
  sentencePlaced,
  sentenceWithdrawn,
  sentenceSplit,
  sentencesMerged,
  sentenceTextSet,
  sentenceFieldSet,
  translationSet,
  sentenceMediaSet,
  wordRelationsSet,
  commentarySet,
] as const;
export const poemEvents = [...poemStructureEvents, ...sentenceEvents] as const;
