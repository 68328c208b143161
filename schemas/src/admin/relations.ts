import { z } from 'zod';
import { wordRelationSchema } from '../poem/vocabulary.js';

/** Word relations of a sentence (GET/PUT /admin-api/relations/<id>, id = the sentence's permanent id). */
export const adminRelationsAnswer = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  firstWords: z.string(),
  version: z.string(),
  text: z.string().describe('The first edition, lines joined by newlines'),
  relations: z.array(wordRelationSchema),
});
export const adminRelationsUpdate = z.object({ version: z.string().regex(/^\d+$/), relations: z.array(wordRelationSchema).max(200) });
