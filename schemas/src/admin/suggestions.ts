import { z } from 'zod';
import { wordChangeAnswer } from '../poem/responses.js';
import { suggestionPartSchema } from '../suggestions/events.js';
import { declineSuggestionBody, suggestionParams, suggestionStatusSchema } from '../suggestions/payloads.js';

/** One reader's suggestion in the console's review queue (GET /admin-api/suggestions). */
export const adminSuggestionAnswer = z.object({
  id: z.uuid(),
  sentence: z.number().int().positive().nullable().describe("The sentence's running number now; null once withdrawn"),
  sentenceId: z.number().int().positive().describe("The sentence's permanent id"),
  part: suggestionPartSchema,
  partLabel: z.string().describe("What it corrects, in words: 'French translation', 'Revised edition text', a note's label"),
  status: suggestionStatusSchema,
  suggesterId: z.string(),
  suggesterName: z.string().describe("The suggester's display name ('deleted user' once erased)"),
  reason: z.string().nullable().describe("The suggester's reason, if they gave one"),
  basedOn: z.string().describe('The text of the part when the suggestion was made'),
  proposed: z.string(),
  diff: z.array(wordChangeAnswer).describe('Word diff of basedOn → proposed (the diff of the sentence history)'),
  changedSince: z.boolean().describe('Open, and the text has changed since the suggestion was made: accepting it is refused (409)'),
  madeAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type AdminSuggestionAnswer = z.infer<typeof adminSuggestionAnswer>;
export const adminSuggestionsAnswer = z.array(adminSuggestionAnswer);

export const adminSuggestionParams = suggestionParams;
/** POST /admin-api/suggestions/:id/decline: the editor's reason, which the suggester is mailed. */
export const adminDeclineSuggestionBody = declineSuggestionBody;
