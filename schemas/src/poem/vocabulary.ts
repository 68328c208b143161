import { z } from 'zod';
import { editions, languages } from './editions.js';

export { editions, languages, translationEdition, type Edition, type Language } from './editions.js';
export const editionSchema = z.enum(editions, { message: 'expected first, centenary or revised' });
export const languageSchema = z.enum(languages, { message: 'expected one of sa, hi, fr, de, or, zh' });

/**
 * Text fields of a sentence besides its editions. Scansion, IPA, hyphenation and pronoun
 * marks are computed when not set.
 */
export const sentenceFields = ['motherNote', 'aurobindoNote', 'reason', 'scansion', 'ipa', 'hyphenated', 'pronouns', 'sanskritTransliteration'] as const;
export const sentenceFieldSchema = z.enum(sentenceFields, { message: `expected one of ${sentenceFields.join(', ')}` });
export type SentenceField = z.infer<typeof sentenceFieldSchema>;
export const derivableFields = ['scansion', 'ipa', 'hyphenated', 'pronouns'] as const satisfies readonly SentenceField[];
export type DerivableField = (typeof derivableFields)[number];

export const mediaKinds = ['painting', 'sketch', 'diagram', 'audio', 'artistImage'] as const;
export const mediaKindSchema = z.enum(mediaKinds, { message: `expected one of ${mediaKinds.join(', ')}` });
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** The largest number a read model's integer column holds: ids, numbers and counts of the poem stay below it. */
export const MAX_INT32 = 2_147_483_647;
export const positiveInt = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`)
    .max(MAX_INT32, `${what} is at most ${MAX_INT32}`);

/** A name of a book, canto or section, or a layer's label or author. */
export const partNameSchema = z.string().trim().min(1, 'expected a name').max(300, 'a name has at most 300 characters');
export const noteTextSchema = z.string().trim().min(1).max(100_000, 'a note has at most 100,000 characters');
/** The poem's short introduction for the home page: plain paragraphs, separated by blank lines. */
export const introductionSchema = z.string().trim().min(1, 'expected an introduction').max(5_000, 'an introduction has at most 5,000 characters');

/** Verse lines of one sentence: at least one, none blank. */
export const verseLinesSchema = z
  .array(z.string().trim().min(1, 'a verse line must not be blank').max(2000, 'a verse line has at most 2,000 characters'))
  .min(1, 'a sentence needs at least one verse line')
  .max(400, 'a sentence has at most 400 verse lines');

export const layerKeySchema = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'a layer key is lower-case letters, digits, - or _');

export const mediaItemSchema = z.object({
  url: z.string().min(1).max(2000),
  thumbUrl: z.string().min(1).max(2000).optional(),
  title: z.string().max(500).optional(),
  /** The upload it shows (its SHA-256, the media stream `media-<hash>`); items from before the media library have none. */
  media: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'media: a SHA-256 in lower-case hex')
    .optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** A word relation (Sanskrit–English): Snumber, SText, Enumber as in the spec. */
export const wordRelationSchema = z.object({
  Snumber: z.number().int().min(0).max(MAX_INT32),
  SText: z.string().min(1).max(200),
  Enumber: z.number().int().min(0).max(MAX_INT32),
});
export type WordRelation = z.infer<typeof wordRelationSchema>;
export const MAX_RELATION_COLOURS = 20;
