import { z } from 'zod';
import { multilineText, requiredText, wholeNumber } from '../api/input.js';
import { suggestionPartSchema } from './events.js';

export const suggestionStatuses = ['open', 'accepted', 'declined'] as const;
export const suggestionStatusSchema = z.enum(suggestionStatuses, { message: `expected one of ${suggestionStatuses.join(', ')}` });
export type SuggestionStatus = z.infer<typeof suggestionStatusSchema>;

/** POST /postdata/suggestions: a signed-in reader's correction of one part of a sentence (by its running number). */
export const suggestionBody = z.object({
  sentence: wholeNumber('sentence'),
  part: suggestionPartSchema,
  proposed: requiredText(100_000, 'write the corrected text', 'at most 100,000 characters'),
  reason: multilineText(2000, 'at most 2,000 characters').optional(),
});
export type SuggestionBody = z.infer<typeof suggestionBody>;

/** POST /postdata/suggestions/{id}/decline and /admin-api/suggestions/{id}/decline */
export const declineSuggestionBody = z.object({
  reason: requiredText(2000, 'say why the suggestion is declined', 'at most 2,000 characters'),
});

export const suggestionParams = z.object({ id: z.uuid({ message: 'expected a suggestion id' }) });
