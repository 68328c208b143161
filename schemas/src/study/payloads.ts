import { z } from 'zod';
import { editionSchema, positiveInt } from '../poem/vocabulary.js';
import { editions } from '../poem/editions.js';
import { wholeNumber } from '../api/input.js';
import {
  bookmarkIdSchema,
  COLLECTION_NAME_MAX,
  collectionIdSchema,
  highlightColourSchema,
  highlightIdSchema,
  highlightStyleSchema,
  QUOTE_CONTEXT_CHARS,
} from './events.js';

const noteText = z.string().max(5_000, 'A note may have at most 5,000 characters');

/** Highlight words of a sentence (its running number) in an edition: the words and, to tell equal words apart, those around them. */
export const makeHighlightBody = z.object({
  sentence: positiveInt('sentence'),
  edition: editionSchema,
  exact: z.string().min(1, 'Select the words to highlight').max(5_000, 'Select at most 5,000 characters'),
  prefix: z.string().max(QUOTE_CONTEXT_CHARS).default(''),
  suffix: z.string().max(QUOTE_CONTEXT_CHARS).default(''),
  colour: highlightColourSchema,
  style: highlightStyleSchema.default('fill'),
  note: noteText.optional(),
});
export type MakeHighlightBody = z.infer<typeof makeHighlightBody>;

/** Change a highlight: its colour, its style, its note (an empty note removes it). */
export const changeHighlightBody = z
  .object({ colour: highlightColourSchema.optional(), style: highlightStyleSchema.optional(), note: noteText.optional() })
  .refine((body) => body.colour !== undefined || body.style !== undefined || body.note !== undefined, {
    message: 'Nothing to change: give a colour, a style or a note',
  });
export type ChangeHighlightBody = z.infer<typeof changeHighlightBody>;

export const highlightIdParams = z.object({ highlightId: highlightIdSchema });
export const highlightMadeAnswer = z.object({ highlightId: highlightIdSchema });

/** Where a highlight's words stand in one edition's text of the sentence (lines joined by line breaks): [start, end). */
const placeSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().positive() });
export type HighlightPlace = z.infer<typeof placeSchema>;

/**
 * A highlight as its reader sees it now: the sentence it stands on (running number; null when its
 * words can no longer be placed: it is listed, never dropped or moved onto other words), and where
 * its words stand in each edition that has them.
 */
export const placedHighlightSchema = z.object({
  highlightId: highlightIdSchema,
  /** Where it stands now (null: its words are nowhere now). */
  sentence: z.number().int().positive().nullable(),
  /** Where it was made: the sentence's running number then (null once withdrawn) and the edition. */
  madeOn: z.object({ sentence: z.number().int().positive().nullable(), edition: editionSchema }),
  exact: z.string(),
  colour: highlightColourSchema,
  style: highlightStyleSchema,
  note: z.string().nullable(),
  places: z.object(
    Object.fromEntries(editions.map((e) => [e, placeSchema.nullable()])) as Record<(typeof editions)[number], z.ZodNullable<typeof placeSchema>>,
  ),
  madeAt: z.string(),
  changedAt: z.string(),
});
export type PlacedHighlight = z.infer<typeof placedHighlightSchema>;

export const sectionHighlightsParams = z.object({
  book: wholeNumber('book', { min: 1 }),
  canto: wholeNumber('canto', { min: 1 }),
  section: wholeNumber('section', { min: 1 }),
});
/** The reader's highlights on a section's sentences (also those made before a sentence was split or merged into one of them). */
export const sectionHighlightsAnswer = z.object({ highlights: z.array(placedHighlightSchema) });

/** The reader's highlights for My study: in the poem's order or the newest first, of one colour, in one book. */
export const myHighlightsQuery = z.object({
  order: z.enum(['poem', 'date'], { message: 'order: expected poem or date' }).default('poem'),
  colour: highlightColourSchema.optional(),
  book: wholeNumber('book', { min: 1 }).optional(),
});
export type MyHighlightsQuery = z.infer<typeof myHighlightsQuery>;

/** A highlight with the section it is shown in (where it stands, else where it was made; null for a withdrawn sentence). */
export const myHighlightSchema = placedHighlightSchema.extend({
  where: z.object({ book: z.number().int().positive(), canto: z.number().int().positive(), section: z.number().int().positive() }).nullable(),
});
export type MyHighlight = z.infer<typeof myHighlightSchema>;
export const myHighlightsAnswer = z.object({ highlights: z.array(myHighlightSchema) });
/** The markdown file of My study's highlights. */
export const myHighlightsMarkdown = z.string();

const collectionName = z
  .string()
  .trim()
  .min(1, 'Give the collection a name')
  .max(COLLECTION_NAME_MAX, `A collection's name may have at most ${COLLECTION_NAME_MAX} characters`);
/** Make a named collection of bookmarks, or rename one. */
export const collectionBody = z.object({ name: collectionName });
export const collectionIdParams = z.object({ collectionId: collectionIdSchema });
export const collectionMadeAnswer = z.object({ collectionId: collectionIdSchema });

/** Bookmark a sentence (its running number) in a collection of yours; none, or null: the unnamed "Bookmarks". */
export const bookmarkBody = z.object({ sentence: positiveInt('sentence'), collectionId: collectionIdSchema.nullable().default(null) });
/** Move a bookmark to another collection of yours (null: "Bookmarks"). */
export const moveBookmarkBody = z.object({ collectionId: collectionIdSchema.nullable() });
export const bookmarkIdParams = z.object({ bookmarkId: bookmarkIdSchema });
export const bookmarkAnswer = z.object({ bookmarkId: bookmarkIdSchema });

/** A named collection, with how many bookmarks it holds. */
export const collectionSchema = z.object({ collectionId: collectionIdSchema, name: z.string(), bookmarks: z.number().int().nonnegative(), madeAt: z.string() });
export type Collection = z.infer<typeof collectionSchema>;

/**
 * A bookmark as its reader sees it now: the sentence it stands on (running number; where its words
 * went when it was split or merged; null once withdrawn: listed, never dropped), its section, and
 * the sentence's first words in the edition asked for.
 */
export const bookmarkSchema = z.object({
  bookmarkId: bookmarkIdSchema,
  collectionId: collectionIdSchema.nullable(),
  sentence: z.number().int().positive().nullable(),
  where: z.object({ book: z.number().int().positive(), canto: z.number().int().positive(), section: z.number().int().positive() }).nullable(),
  excerpt: z.string(),
  addedAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** My study's bookmarks: in the poem's order or the newest first, of one collection ("unnamed": Bookmarks), in one book. */
export const myBookmarksQuery = z.object({
  order: z.enum(['poem', 'date'], { message: 'order: expected poem or date' }).default('poem'),
  collection: z.union([z.literal('unnamed'), collectionIdSchema], { message: 'collection: expected unnamed or a collection id' }).optional(),
  book: wholeNumber('book', { min: 1 }).optional(),
  edition: editionSchema.default('first'),
});
export type MyBookmarksQuery = z.infer<typeof myBookmarksQuery>;
/** The reader's collections (the unnamed "Bookmarks" counted apart) and the bookmarks asked for. */
export const myBookmarksAnswer = z.object({
  unnamed: z.number().int().nonnegative(),
  collections: z.array(collectionSchema),
  bookmarks: z.array(bookmarkSchema),
});
export type MyBookmarksAnswer = z.infer<typeof myBookmarksAnswer>;

/** A sentence's bookmarks (running number) and the reader's collections, for the bookmark dialog. */
export const sentenceBookmarksParams = z.object({ sentence: wholeNumber('sentence', { min: 1 }) });
export const sentenceBookmarksAnswer = z.object({
  collections: z.array(collectionSchema),
  bookmarks: z.array(z.object({ bookmarkId: bookmarkIdSchema, collectionId: collectionIdSchema.nullable() })),
});
export type SentenceBookmarksAnswer = z.infer<typeof sentenceBookmarksAnswer>;
/** The markdown file of My study's bookmarks. */
export const myBookmarksMarkdown = z.string();

/** Whether the reader's highlights count, anonymously, in each canto's most highlighted lines. */
export const highlightsSharingBody = z.object({ shared: z.boolean({ message: 'shared: expected true or false' }) });
export const highlightsSharingAnswer = z.object({ shared: z.boolean() });

export const mostHighlightedParams = z.object({ book: wholeNumber('book', { min: 1 }), canto: wholeNumber('canto', { min: 1 }) });
export const mostHighlightedQuery = z.object({ edition: editionSchema.default('first') });
/**
 * A canto's most highlighted lines in an edition: each a verse line (its sentence's running number,
 * the line's place in it from 1, its words) with how many sharing readers marked it (at least
 * `minReaders`), the most marked first.
 */
export const mostHighlightedAnswer = z.object({
  minReaders: z.number().int().positive(),
  lines: z.array(
    z.object({
      sentence: z.number().int().positive(),
      section: z.number().int().positive(),
      line: z.number().int().positive(),
      text: z.string(),
      readers: z.number().int().positive(),
    }),
  ),
});
export type MostHighlightedAnswer = z.infer<typeof mostHighlightedAnswer>;
