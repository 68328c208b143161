import { z } from 'zod';
import { multilineText } from '../api/input.js';
import { editionSchema, languageSchema } from '../poem/vocabulary.js';

/**
 * One sentence's translation into one language, beside the text of the edition it was made from
 * (translationEdition). `id` is `<sentence permanent id>-<lang>`.
 */
export const adminTranslationAnswer = z.object({
  id: z.string(),
  sentence: z.number().int().describe("The sentence's permanent id"),
  number: z.number().int().nullable(),
  lang: languageSchema,
  edition: editionSchema,
  source: z.string().describe('The edition text, lines joined by newlines'),
  translation: z.string(),
  version: z.string(),
});
export const adminTranslationsAnswer = z.array(adminTranslationAnswer);
export const adminTranslationUpdate = z.object({ version: z.string().regex(/^\d+$/), translation: multilineText(100_000) });
export const adminTranslationParams = z.object({
  id: z.string().regex(/^\d+-(sa|hi|fr|de|or|zh)$/, 'id: expected <sentence>-<language>'),
});
