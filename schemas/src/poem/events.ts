import { z } from 'zod';
import { defineEvent } from '../events/define-event.js';
import {
  editionSchema,
  languageSchema,
  layerKeySchema,
  mediaItemSchema,
  mediaKindSchema,
  partNameSchema,
  positiveInt,
  sentenceFieldSchema,
  verseLinesSchema,
  wordRelationSchema,
} from './vocabulary.js';

/** Stream of the poem's structure: names of books, cantos, sections; commentary layers; part media. */
export const POEM_STREAM = 'poem';
/** One stream per sentence: its history is the sentence's revision history. */
export const sentenceStream = (sentence: number) => `sentence-${sentence}`;

const book = positiveInt('book');
const canto = positiveInt('canto');
const section = positiveInt('section');
const sentence = positiveInt('sentence');
const name = partNameSchema;

export const poemBookNamed = defineEvent('PoemBookNamed', z.object({ book, name }));
export const poemCantoNamed = defineEvent('PoemCantoNamed', z.object({ book, canto, name }));
export const poemSectionNamed = defineEvent('PoemSectionNamed', z.object({ book, canto, section, name: z.string().trim().max(300) }));
export const commentaryLayerDefined = defineEvent(
  'CommentaryLayerDefined',
  z.object({ key: layerKeySchema, label: name, author: name, order: z.number().int().min(0) }),
);
/** PDF and artist images of a book (canto null) or of a canto. */
export const poemPartMediaSet = defineEvent(
  'PoemPartMediaSet',
  z.object({
    book,
    canto: canto.nullable(),
    pdf: z.object({ url: z.string().min(1), date: z.iso.date() }).nullable(),
    images: z.array(mediaItemSchema).max(200),
  }),
);
/** A commentary layer's note on a whole canto. */
export const commentaryLayerRemoved = defineEvent('CommentaryLayerRemoved', z.object({ key: layerKeySchema }));
export const cantoNoteSet = defineEvent('CantoNoteSet', z.object({ layer: layerKeySchema, book, canto, text: z.string().max(100_000).nullable() }));

export const sentencePlaced = defineEvent('SentencePlaced', z.object({ sentence, book, canto, section, stanza: positiveInt('stanza') }));
/** The sentence leaves the poem (an import no longer has it); its history stays. */
export const sentenceWithdrawn = defineEvent('SentenceWithdrawn', z.object({ sentence }));
export const sentenceTextSet = defineEvent('SentenceTextSet', z.object({ sentence, edition: editionSchema, lines: verseLinesSchema.nullable() }));
export const sentenceFieldSet = defineEvent('SentenceFieldSet', z.object({ sentence, field: sentenceFieldSchema, value: z.string().max(100_000).nullable() }));
export const translationSet = defineEvent('TranslationSet', z.object({ sentence, lang: languageSchema, lines: verseLinesSchema.nullable() }));
export const sentenceMediaSet = defineEvent('SentenceMediaSet', z.object({ sentence, kind: mediaKindSchema, items: z.array(mediaItemSchema).max(100) }));
export const wordRelationsSet = defineEvent('WordRelationsSet', z.object({ sentence, relations: z.array(wordRelationSchema).max(200) }));
export const commentarySet = defineEvent('CommentarySet', z.object({ sentence, layer: layerKeySchema, text: z.string().max(100_000).nullable() }));

export const poemStructureEvents = [poemBookNamed, poemCantoNamed, poemSectionNamed, commentaryLayerDefined, commentaryLayerRemoved, poemPartMediaSet, cantoNoteSet] as const;
export const sentenceEvents = [sentencePlaced, sentenceWithdrawn, sentenceTextSet, sentenceFieldSet, translationSet, sentenceMediaSet, wordRelationsSet, commentarySet] as const;
export const poemEvents = [...poemStructureEvents, ...sentenceEvents] as const;
