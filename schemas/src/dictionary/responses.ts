import { z } from 'zod';

export const dictionaryMeaningSchema = z.object({
  pos: z.enum(['noun', 'verb', 'adjective', 'adverb']),
  lemma: z.string().describe('the dictionary form this meaning belongs to'),
  definition: z.string(),
  examples: z.array(z.string()),
  synonyms: z.array(z.string()),
});

/** GET /api/dict/{word} */
export const dictionaryEntrySchema = z.object({
  word: z.string(),
  lemma: z.string(),
  mean: z.array(dictionaryMeaningSchema).describe('WordNet 3.1 meanings: nouns, verbs, adjectives, adverbs, most frequent sense first'),
  meanChambers: z.array(dictionaryMeaningSchema).optional().describe('a second dictionary; absent: none is shipped'),
});
export type DictionaryMeaning = z.infer<typeof dictionaryMeaningSchema>;
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;
