import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { sealedField } from '../events/sealed.js';
import { readingGoalSet, readingRecorded } from './reading.js';
import { planRead, planRescheduled, planStarted, planStopped } from './plans.js';
import { editionSchema, positiveInt } from '../poem/vocabulary.js';
import {
  COLLECTION_NAME_MAX,
  MOST_HIGHLIGHTED_MIN_READERS,
  highlightColours,
  highlightStyles,
  QUOTE_CONTEXT_CHARS,
  type HighlightColour,
  type HighlightStyle,
} from './vocabulary.js';

/** One stream per reader for their own study (highlights, bookmarks, reading, plans), apart from the account's. */
export const studyStream = (userId: string) => `study-${userId}`;

export { COLLECTION_NAME_MAX, MOST_HIGHLIGHTED_MIN_READERS, highlightColours, highlightStyles, QUOTE_CONTEXT_CHARS, type HighlightColour, type HighlightStyle };
export const highlightColourSchema = z.enum(highlightColours, { message: 'expected yellow, green, blue, pink or purple' });
export const highlightStyleSchema = z.enum(highlightStyles, { message: 'expected fill, underline or wavy' });

export const highlightIdSchema = z.uuid({ message: 'expected a highlight id' });
/** A highlight's note, sealed with its reader's key like notes (erased with the account). */
export const highlightNoteSealedSchema = z.string().max(5_000);
const SENTENCE_TEXT_MAX = 50_000;
/** A sentence's text in one edition, its lines joined by line breaks, as a highlight is placed on it. */
export const sentenceTextSchema = z.string().min(1).max(SENTENCE_TEXT_MAX);

/**
 * A W3C Web Annotation TextQuoteSelector on a sentence's text in one edition (the exact words and
 * up to QUOTE_CONTEXT_CHARS characters either side), with where they stood (its TextPositionSelector).
 */
export const textQuoteSchema = z.object({
  exact: z.string().min(1, 'Select the words to highlight').max(5_000),
  prefix: z.string().max(QUOTE_CONTEXT_CHARS),
  suffix: z.string().max(QUOTE_CONTEXT_CHARS),
  start: z.number().int().nonnegative().max(SENTENCE_TEXT_MAX),
  end: z.number().int().positive().max(SENTENCE_TEXT_MAX),
});
export type TextQuote = z.infer<typeof textQuoteSchema>;

/**
 * A reader highlighted words of a sentence (`sentence`: its permanent id) in an edition. `text` is
 * the sentence's text in that edition as the reader saw it: later texts (a correction, another
 * edition, the sentences it was split into) are compared with it word by word to place it again.
 */
export const highlightMade = defineEvent(
  'HighlightMade',
  z.object({
    userId: z.uuid(),
    highlightId: highlightIdSchema,
    sentence: positiveInt('sentence'),
    edition: editionSchema,
    text: sentenceTextSchema,
    quote: textQuoteSchema,
    colour: highlightColourSchema,
    style: highlightStyleSchema,
    note: sealedField(highlightNoteSealedSchema, 5_000).optional(),
  }),
);
/** The reader changed a highlight's colour, style or note (`note: null` removes it). */
export const highlightChanged = defineEvent(
  'HighlightChanged',
  z.object({
    userId: z.uuid(),
    highlightId: highlightIdSchema,
    colour: highlightColourSchema.optional(),
    style: highlightStyleSchema.optional(),
    note: sealedField(highlightNoteSealedSchema, 5_000).nullable().optional(),
  }),
);
export const highlightRemoved = defineEvent('HighlightRemoved', z.object({ userId: z.uuid(), highlightId: highlightIdSchema }));

export const collectionIdSchema = z.uuid({ message: 'expected a collection id' });
export const bookmarkIdSchema = z.uuid({ message: 'expected a bookmark id' });
/** A collection's name, sealed with its reader's key (erased with the account). */
export const collectionNameSealedSchema = z.string().min(1).max(COLLECTION_NAME_MAX);

/** A reader made a named collection of bookmarks (the unnamed one, "Bookmarks", is every reader's without being made). */
export const collectionMade = defineEvent(
  'CollectionMade',
  z.object({ userId: z.uuid(), collectionId: collectionIdSchema, name: sealedField(collectionNameSealedSchema, COLLECTION_NAME_MAX) }),
);
export const collectionRenamed = defineEvent(
  'CollectionRenamed',
  z.object({ userId: z.uuid(), collectionId: collectionIdSchema, name: sealedField(collectionNameSealedSchema, COLLECTION_NAME_MAX) }),
);
/** A collection was removed, and the bookmarks in it with it. */
export const collectionRemoved = defineEvent('CollectionRemoved', z.object({ userId: z.uuid(), collectionId: collectionIdSchema }));

/**
 * A reader bookmarked a sentence (its permanent id) in one of their collections (null: the unnamed
 * "Bookmarks"). A bookmark follows its sentence where it is split or merged, as highlights do.
 */
export const bookmarkAdded = defineEvent(
  'BookmarkAdded',
  z.object({ userId: z.uuid(), bookmarkId: bookmarkIdSchema, sentence: positiveInt('sentence'), collectionId: collectionIdSchema.nullable() }),
);
export const bookmarkMoved = defineEvent(
  'BookmarkMoved',
  z.object({ userId: z.uuid(), bookmarkId: bookmarkIdSchema, collectionId: collectionIdSchema.nullable() }),
);
export const bookmarkRemoved = defineEvent('BookmarkRemoved', z.object({ userId: z.uuid(), bookmarkId: bookmarkIdSchema }));

/** A reader chose whether their highlights count, anonymously, in each canto's most highlighted lines (off until they choose). */
export const highlightsShared = defineEvent('HighlightsShared', z.object({ userId: z.uuid(), shared: z.boolean() }));

export const studyEvents = [
  highlightMade,
  highlightChanged,
  highlightRemoved,
  collectionMade,
  collectionRenamed,
  collectionRemoved,
  bookmarkAdded,
  bookmarkMoved,
  bookmarkRemoved,
  highlightsShared,
  readingRecorded,
  readingGoalSet,
  planStarted,
  planRead,
  planRescheduled,
  planStopped,
] as const;
export type StudyEvent = EventOf<typeof studyEvents>;
