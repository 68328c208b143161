import { z } from 'zod';
import { languageSchema, layerKeySchema, positiveInt, type Language } from '../poem/vocabulary.js';
import { languages } from '../poem/editions.js';

/** What a PDF edition holds besides the verse: the spec's PDF preferences (pdfData). */
export const pdfOptionsSchema = z.object({
  /** Translations printed under each sentence, by language code. */
  translations: z.array(languageSchema).max(languages.length).default([]),
  motherNote: z.boolean().default(false),
  aurobindoNote: z.boolean().default(false),
  reason: z.boolean().default(false),
  /** Commentary layers by key. */
  commentary: z.array(layerKeySchema).max(50).default([]),
  paintings: z.boolean().default(false),
  scansion: z.boolean().default(false),
});
export type PdfOptions = z.output<typeof pdfOptionsSchema>;

/** The same choice always in the same form (sorted, no repeats), so equal requests share a cache key. */
export function normalisePdfOptions(options: PdfOptions): PdfOptions {
  const sortedUnique = <T extends string>(values: readonly T[]) => [...new Set(values)].sort();
  return {
    translations: sortedUnique<Language>(options.translations),
    motherNote: options.motherNote,
    aurobindoNote: options.aurobindoNote,
    reason: options.reason,
    commentary: sortedUnique(options.commentary),
    paintings: options.paintings,
    scansion: options.scansion,
  };
}

/** Nothing ticked: the edition holds the sentences only. */
export function sentencesOnly(options: PdfOptions): boolean {
  return (
    options.translations.length === 0 &&
    options.commentary.length === 0 &&
    !options.motherNote &&
    !options.aurobindoNote &&
    !options.reason &&
    !options.paintings &&
    !options.scansion
  );
}

/** 1: a whole book; 2: one canto (the spec's typeOf). */
export const pdfKinds = { book: 1, canto: 2 } as const;

/** The part of the poem a PDF edition covers. */
export const pdfPartSchema = z.discriminatedUnion('typeOf', [
  z.object({ typeOf: z.literal(1), book: positiveInt('book') }),
  z.object({ typeOf: z.literal(2), book: positiveInt('book'), canto: positiveInt('canto') }),
]);
export type PdfPart = z.infer<typeof pdfPartSchema>;

export const pdfPartLabel = (part: PdfPart) => (part.typeOf === 1 ? `book ${part.book}` : `book ${part.book}, canto ${part.canto}`);
