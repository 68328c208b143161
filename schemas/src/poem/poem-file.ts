import { z } from 'zod';
import {
  editionSchema,
  languageSchema,
  layerKeySchema,
  mediaItemSchema,
  mediaKindSchema,
  introductionSchema,
  noteTextSchema,
  partNameSchema,
  positiveInt,
  sentenceFieldSchema,
  verseLinesSchema,
  wordRelationSchema,
} from './vocabulary.js';

/**
 * The poem's JSON exchange format (`npm run import` / `npm run export`), documented in
 * docs/poem-format.md. Empty things are omitted; export writes keys in this order.
 */
const partMedia = {
  pdf: z.object({ url: z.string().min(1).max(2000), date: z.iso.date() }).optional(),
  images: z.array(mediaItemSchema).optional(),
};

export const poemFileSentenceSchema = z.strictObject({
  sentence: positiveInt('sentence'),
  stanza: positiveInt('stanza'),
  /** The sentence begins inside the verse line on which the previous sentence ended. */
  joinsPrevious: z.literal(true, 'joinsPrevious is true or left out').optional(),
  /** Indices of its verse-line fragments before which a stanza break falls. */
  stanzaBreaks: z.array(positiveInt('stanza break')).min(1).max(400).optional(),
  text: z.partialRecord(editionSchema, verseLinesSchema).refine((t) => t.first !== undefined, 'every sentence needs its first-edition text'),
  fields: z.partialRecord(sentenceFieldSchema, noteTextSchema).optional(),
  translations: z.partialRecord(languageSchema, verseLinesSchema).optional(),
  media: z.partialRecord(mediaKindSchema, z.array(mediaItemSchema).min(1)).optional(),
  relations: z.array(wordRelationSchema).min(1).optional(),
  commentary: z.record(layerKeySchema, noteTextSchema).optional(),
});

export const poemFileSectionSchema = z.strictObject({
  section: positiveInt('section'),
  name: z.string().trim().max(300, 'a name has at most 300 characters').optional(),
  sentences: z.array(poemFileSentenceSchema).min(1, 'a section needs at least one sentence'),
});

export const poemFileCantoSchema = z.strictObject({
  canto: positiveInt('canto'),
  name: partNameSchema,
  ...partMedia,
  notes: z.record(layerKeySchema, noteTextSchema).optional(),
  sections: z.array(poemFileSectionSchema).min(1, 'a canto needs at least one section'),
});

export const poemFileBookSchema = z.strictObject({
  book: positiveInt('book'),
  name: partNameSchema,
  ...partMedia,
  cantos: z.array(poemFileCantoSchema).min(1, 'a book needs at least one canto'),
});

export const poemFileSchema = z.strictObject({
  format: z.literal('epos-poem', 'expected "format": "epos-poem"'),
  version: z.literal(1, 'expected "version": 1'),
  title: partNameSchema.optional(),
  author: partNameSchema.optional(),
  introduction: introductionSchema.optional(),
  layers: z.array(z.strictObject({ key: layerKeySchema, label: partNameSchema, author: partNameSchema })).optional(),
  books: z.array(poemFileBookSchema).min(1, 'a poem needs at least one book'),
});

export type PoemFile = z.infer<typeof poemFileSchema>;
export type PoemFileBook = z.infer<typeof poemFileBookSchema>;
export type PoemFileCanto = z.infer<typeof poemFileCantoSchema>;
export type PoemFileSection = z.infer<typeof poemFileSectionSchema>;
export type PoemFileSentence = z.infer<typeof poemFileSentenceSchema>;
