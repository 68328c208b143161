import { z } from 'zod';
import { multilineText, wholeNumber } from '../api/input.js';
import { editions, languages } from '../poem/editions.js';
import { layerKeySchema, mediaItemSchema, mediaKinds, sentenceFields } from '../poem/vocabulary.js';

/** Verse, notes and commentary: what the importer refuses in a poem file (controls, bidirectional runs) is refused here too. */
const text = multilineText(100_000);
const partial = <T extends z.ZodType>(keys: readonly string[], value: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, value.optional()])) as Record<string, z.ZodOptional<T>>);

/**
 * One poem line (sentence) in the console: `id` is its permanent id (its stream `sentence-<id>`),
 * `number` its running number now. Texts are verse lines joined by newlines; `version` is the
 * stream revision the record was read at (sent back on save: a newer stream is a 409).
 */
export const adminSentenceAnswer = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  book: z.number().int().nullable(),
  canto: z.number().int().nullable(),
  section: z.number().int().nullable(),
  firstWords: z.string(),
  version: z.string(),
  text: partial(editions, z.string()),
  fields: partial(sentenceFields, z.string()),
  translations: partial(languages, z.string()),
  media: partial(mediaKinds, z.array(mediaItemSchema)),
  commentary: z.record(z.string(), z.string()),
});
export type AdminSentenceAnswer = z.infer<typeof adminSentenceAnswer>;
export const adminSentencesAnswer = z.array(adminSentenceAnswer);

/** PUT /admin-api/sentences/<id>: the parts to set (those left out stay as they are). */
export const adminSentenceUpdate = z.object({
  version: z.string().regex(/^\d+$/, 'version: expected the revision the record was read at'),
  text: partial(editions, text.nullable()).optional(),
  fields: partial(sentenceFields, text.nullable()).optional(),
  media: partial(mediaKinds, z.array(mediaItemSchema).max(100)).optional(),
  commentary: z.record(layerKeySchema, text.nullable()).optional(),
});
export type AdminSentenceUpdate = z.infer<typeof adminSentenceUpdate>;

/** POST /admin-api/<resource>/<id>/restore: the log position of the version to go back to. */
export const adminRestoreBody = z.object({
  position: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).describe('The event position of the version to restore'),
});

export const adminSentenceParams = z.object({ id: wholeNumber('id', { message: 'Sentence Number Required' }) });
