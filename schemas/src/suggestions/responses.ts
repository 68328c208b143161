import { z } from 'zod';
import { wordChangeAnswer } from '../poem/responses.js';
import { suggestionPartSchema } from './events.js';
import { suggestionStatusSchema } from './payloads.js';

export const suggestionMadeAnswer = z.object({ type: z.literal(1), message: z.string(), id: z.uuid() });
export type SuggestionMadeAnswer = z.infer<typeof suggestionMadeAnswer>;

export const suggestionDecidedAnswer = z.object({ type: z.literal(1), message: z.string() });
export type SuggestionDecidedAnswer = z.infer<typeof suggestionDecidedAnswer>;

/** One suggestion in the editors' review queue. */
export const suggestionAnswer = z.object({
  id: z.uuid(),
  sentence: z.number().int().positive().nullable().describe("The sentence's running number now; null once withdrawn"),
  sentenceId: z.number().int().positive().describe("The sentence's permanent id"),
  part: suggestionPartSchema,
  status: suggestionStatusSchema,
  suggester: z.string(),
  suggesterName: z.string().describe("The suggester's display name ('deleted user' once erased)"),
  reason: z.string().nullable().describe("The suggester's reason, if they gave one"),
  basedOn: z.string().describe('The text of the part when the suggestion was made'),
  proposed: z.string(),
  diff: z.array(wordChangeAnswer).describe('Word diff of basedOn → proposed'),
  changedSince: z.boolean().describe('The text has changed since the suggestion was made (accepting it would be refused)'),
  madeAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type SuggestionAnswer = z.infer<typeof suggestionAnswer>;

/** GET /api/suggestions?status= : oldest first. */
export const suggestionsAnswer = z.object({
  suggestions: z.array(suggestionAnswer).describe('At most the first 200, oldest first when open, newest first once decided'),
  total: z.number().int().nonnegative().describe('How many suggestions have this status'),
});
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswer>;
