import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { sealedField } from '../events/sealed.js';
import { editions, languages } from '../poem/editions.js';
import { positiveInt } from '../poem/vocabulary.js';
import { suggestableNotes } from './parts.js';

export const suggestionStream = (suggestionId: string) => `suggestion-${suggestionId}`;

/** What a suggestion corrects, as `/api/dedit` names it: a verse text (`text-<edition>`), a translation (`tr-<lang>`) or a note. */
export const suggestableParts = [...editions.map((e) => `text-${e}` as const), ...languages.map((l) => `tr-${l}` as const), ...suggestableNotes] as const;
export const suggestionPartSchema = z.enum(suggestableParts, { message: `expected one of ${suggestableParts.join(', ')}` });
export type SuggestionPart = z.infer<typeof suggestionPartSchema>;

const suggestionId = z.uuid();
const userId = z.uuid();
/** The permanent id of the sentence (its stream), so the suggestion stays with its verse when renumbered. */
const sentence = positiveInt('sentence');
/** A part's text as `/api/dedit` gives it: verse lines joined by a line feed; empty when there is none. */
const partText = z.string().max(100_000);
/** The reader's reason is personal data: sealed with the reader's own key, like notes. */
export const suggestionReasonSealedSchema = z.string().max(2000);
const sealed = sealedField(suggestionReasonSealedSchema, 2000);

/** A reader proposed `proposed` for a part of a sentence whose text was `basedOn`. */
export const suggestionMade = defineEvent(
  'SuggestionMade',
  z.object({ suggestionId, sentence, part: suggestionPartSchema, basedOn: partText, proposed: partText.min(1), reason: sealed.nullable(), suggester: userId }),
);
/** An editor accepted it: the sentence's own edit event (crediting `suggester`) is appended with it. */
export const suggestionAccepted = defineEvent('SuggestionAccepted', z.object({ suggestionId, sentence, part: suggestionPartSchema, suggester: userId }));
/** An editor declined it, saying why (the suggester is told). */
export const suggestionDeclined = defineEvent(
  'SuggestionDeclined',
  z.object({ suggestionId, sentence, part: suggestionPartSchema, suggester: userId, reason: z.string().trim().min(1).max(2000) }),
);

export const suggestionEvents = [suggestionMade, suggestionAccepted, suggestionDeclined] as const;
export type SuggestionEvent = EventOf<typeof suggestionEvents>;
