import { z } from 'zod';

export const suggestionMadeAnswer = z.object({ type: z.literal(1), message: z.string(), id: z.uuid() });
export type SuggestionMadeAnswer = z.infer<typeof suggestionMadeAnswer>;

export const suggestionDecidedAnswer = z.object({ type: z.literal(1), message: z.string() });
export type SuggestionDecidedAnswer = z.infer<typeof suggestionDecidedAnswer>;
