import { z } from 'zod';
import { isoMoment } from '../api/responses.js';
import { editionSchema, languageSchema } from './vocabulary.js';
import { workItem } from '../works/payloads.js';

/** The reading API's answers (docs/poem-api.md). Field names are the spec's, hence their mixed styles. */

const count = z.number().int();
const sentenceNumber = count.describe("The sentence's running number in the poem (it changes when sentences are added or removed before it)");
const runningNumber = count.nullable().describe('Running number in the first edition; null for a verse line only another edition has');
const absentAsNull = (description: string) => z.string().nullable().describe(`${description}; null when there is none`);

// --- A sentence (the spec's Line entity) ---

export const imageAnswer = z.object({ ImageUrl: z.string(), ImageThumbUrl: z.string().describe('The image itself when it has no thumbnail') });

export const verseLineAnswer = z.object({ text: z.string(), inPoemNumber: runningNumber, inBookNumber: runningNumber, inCantoNumber: runningNumber });

const derivedSource = z.enum(['imported', 'computed']).nullable().describe('null: neither imported nor computable');

export const lineAnswer = z.object({
  lineNumber: sentenceNumber,
  stanzaNumber: count.nullable(),
  lines: z.string().describe("The sentence's verse lines in the edition asked for, joined by newline"),
  motherNote: absentAsNull("The Mother's note"),
  aurobindoNote: absentAsNull("The author's note"),
  sentenceD: absentAsNull('URL of the sentence diagram'),
  mos: z.object({
    SLine: count.nullable().describe('Running number of its first verse line'),
    PoemPaintings: z.array(imageAnswer),
    PoemSketches: z.array(imageAnswer),
  }),
  Reason: absentAsNull('The reason note'),
  lineScantion: absentAsNull('Scansion, imported or computed'),
  ssanskrit: absentAsNull('Sanskrit translation'),
  Hyphenated: absentAsNull('Syllables, imported or computed'),
  pronouns: absentAsNull('Pronoun marks, imported or computed'),
  revisedLine: absentAsNull('The revised edition where it differs from the first'),
  audiourl: absentAsNull('URL of its recording'),
  PoemImagesArtist: z.array(imageAnswer),
  ipa_first: absentAsNull('IPA of the first edition, imported or computed'),
  HindiLines: absentAsNull('Hindi translation'),
  FrenchCentenary: absentAsNull('French translation'),
  GermanRevised: absentAsNull('German translation'),
  OriyaRevised: absentAsNull('Oriya translation'),
  ChineseLines: absentAsNull('Chinese translation'),
  sanskrit_translation: absentAsNull('Sanskrit transliteration'),
  lines_first: z.string().describe('The first edition, joined by newline'),
  id: sentenceNumber,
  sentenceId: count.describe('Permanent id: /s/{sentenceId} always finds the sentence, whatever its number becomes'),
  joinsPrevious: z.boolean().describe('Its first fragment continues the verse line on which the previous sentence ended'),
  stanzaBreaks: z.array(count).describe('Indices of its verse-line fragments before which a stanza break falls'),
  verseLines: z.array(verseLineAnswer),
  commentary: z.record(z.string(), z.string()).describe('Entries of the commentary layers, by layer key'),
  sources: z
    .object({ lineScantion: derivedSource, ipa_first: derivedSource, Hyphenated: derivedSource, pronouns: derivedSource })
    .describe('Whether scansion, IPA, syllables and pronoun marks were imported or computed'),
});
export type ImageAnswer = z.infer<typeof imageAnswer>;
export type VerseLineAnswer = z.infer<typeof verseLineAnswer>;
export type LineAnswer = z.infer<typeof lineAnswer>;

const placeInPoem = { bookNumber: count, cantoNumber: count, sectionNumber: count };

/** GET /api/lineinfo/{n}: the sentence with the section it stands in. */
export const lineInfoAnswer = lineAnswer.extend({
  ...placeInPoem,
  withdrawn: z
    .literal(true)
    .optional()
    .describe('With asOf: the sentence has been withdrawn since; it is shown as it stood then, with its number and place then'),
});
export type LineInfoAnswer = z.infer<typeof lineInfoAnswer>;

/** GET /api/srange/{range} */
export const sentenceRangeAnswer = z.array(lineAnswer);

// --- A section and the contents ---

export const sectionRefAnswer = z.object({ book: count, canto: count, section: count });
export const sectionNameAnswer = z.object({ SectionNumber: count, srn: z.string().describe('The section number as a Roman numeral'), SectionName: z.string() });
export const commentaryLayerAnswer = z.object({ key: z.string(), label: z.string(), author: z.string() });
const pdfAnswer = z.object({ Url: z.string(), date: z.iso.date() }).nullable();
export type SectionRefAnswer = z.infer<typeof sectionRefAnswer>;
export type SectionNameAnswer = z.infer<typeof sectionNameAnswer>;
export type CommentaryLayerAnswer = z.infer<typeof commentaryLayerAnswer>;

/** GET /api/sbook/{book}/{canto}/{section}: the spec's book/canto view, plus navigation of our own. */
export const sectionAnswer = z.object({
  bookNumber: count,
  bookName: z.string(),
  cantoNumber: count,
  cantoName: z.string(),
  Edition: editionSchema,
  loggedin: z.boolean(),
  ArtistBookPdf: pdfAnswer,
  ArtistCantoPdf: pdfAnswer,
  ArtistBook: z.array(imageAnswer),
  ArtistCanto: z.array(imageAnswer),
  customSection: z.array(sectionNameAnswer.extend({ customSection: z.array(lineAnswer) })).describe('The section asked for (one entry) with its sentences'),
  sections: z.array(sectionNameAnswer).describe("The canto's sections, for the menu"),
  previous: sectionRefAnswer.nullable(),
  next: sectionRefAnswer.nullable(),
  layers: z.array(commentaryLayerAnswer).describe('The commentary layers, in their order'),
});
export type SectionAnswer = z.infer<typeof sectionAnswer>;

/** GET /api/contents and /api/contents/{book} */
export const contentsAnswer = z.object({
  books: z.array(
    z.object({
      book: count,
      name: z.string(),
      cantoCount: count,
      cantos: z
        .array(z.object({ canto: count, name: z.string(), sections: z.array(sectionNameAnswer) }))
        .describe('Filled for the book /api/contents/{book} asks for; empty in /api/contents'),
    }),
  ),
});
export type ContentsAnswer = z.infer<typeof contentsAnswer>;

// --- Translations ---

export const translationAnswer = z.object({ SentenceNumber: sentenceNumber, Translated: z.string().describe('Lines joined by newline'), lang: languageSchema });
/** GET /api/translation/{book}/{canto}/{section}: the section's sentences that have a translation. */
export const sectionTranslationsAnswer = z.array(translationAnswer);
export type TranslationAnswer = z.infer<typeof translationAnswer>;

/** GET /api/translate/{n} */
export const sentenceTranslationAnswer = z.object({
  Line: z.string().describe('The sentence in the edition the translation was made from, joined by newline'),
  Translated: z.string().describe('Lines joined by newline; empty when there is none'),
});
export type SentenceTranslationAnswer = z.infer<typeof sentenceTranslationAnswer>;

// --- Line lookup ---

/** GET /api/linenumber/{n} */
export const lineNumberAnswer = z.object({
  Line: z.string().describe('The sentence (first edition), joined by newline'),
  inBookNumber: count.describe("The sentence's ordinal in its book"),
  inCantoNumber: count.describe("The sentence's ordinal in its canto"),
  inPoemNumber: sentenceNumber,
  ...placeInPoem,
  LineDetails: z
    .array(z.object({ Line: z.string(), inPoemNumber: count, inBookNumber: count, inCantoNumber: count }))
    .describe('Its verse lines with their running numbers in poem, book and canto'),
});
export type LineNumberAnswer = z.infer<typeof lineNumberAnswer>;

// --- Commentary and word relations ---

/** GET /api/nextRead/{book}/{canto}/{section} */
export const readingAnswer = z.object({
  Content: z.string(),
  Current: sentenceNumber,
  Prev: count.nullable().describe('The previous sentence the layer comments on in the section'),
  Next: count.nullable().describe('The next sentence the layer comments on in the section'),
  Author: z.string(),
  Label: z.string(),
});
export type ReadingAnswer = z.infer<typeof readingAnswer>;

/** GET /api/worksection/{layer}/{n}: the spec's user-works shape. */
export const workSectionAnswer = z.object({
  UserPage: z.string().describe("The layer's label"),
  UserField: z.string().describe("The layer's author"),
  ContentSection: z.array(
    z.object({
      Description: z.string(),
      Urlto: z.string(),
      SentenceNumber: z.string().describe('The sentence number, as text'),
      TypeOf: z.string().describe('"text"'),
    }),
  ),
  ReaderWorks: z.array(workItem).optional().describe("Readers' works on the sentence, newest first (the first 20; /api/works/{type}/{n} pages them)"),
});
export type WorkSectionAnswer = z.infer<typeof workSectionAnswer>;

/** GET /api/worksection/books/{layer}/{book}/{canto} */
export const cantoNoteAnswer = z.object({
  text: z.string(),
  cantoNumber: count,
  bookNumber: count,
  layer: z.string(),
  author: z.string(),
  label: z.string(),
  ReaderWorks: z.array(workItem).optional().describe("Readers' works on the canto's sentences, newest first (the first 20)"),
});
export type CantoNoteAnswer = z.infer<typeof cantoNoteAnswer>;

export const wordRelationAnswer = z.object({ Snumber: count, SText: z.string(), Enumber: count });
/** GET /api/relation/{n} */
export const wordRelationsAnswer = z.array(wordRelationAnswer);
/** GET /api/getColorRelation/{n} */
export const colouredRelationsAnswer = z.array(
  wordRelationAnswer.extend({ colorClass: z.string().describe('relation-1, relation-2, …: one colour per Sanskrit word') }),
);
export type ColouredRelationsAnswer = z.infer<typeof colouredRelationsAnswer>;

// --- Edits ---

/** GET /api/dedit/{n}/{key} */
export const editableValueAnswer = z.object({ Key: z.string(), Content: z.string().describe('Empty when the part is not set'), id: sentenceNumber });
export type EditableValueAnswer = z.infer<typeof editableValueAnswer>;

/** The spec's answer to an edit that was saved. */
export const poemEditAnswer = z.object({ type: z.literal(1), message: z.string() });
/** The spec's answer to an edit refused for its content (a blank verse line). */
export const poemEditRefusal = z.object({ type: z.literal(0), error: z.string() });
export type PoemEditAnswer = z.infer<typeof poemEditAnswer>;
export type PoemEditRefusal = z.infer<typeof poemEditRefusal>;

// --- History and editions compared ---

export const wordChangeAnswer = z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() });
export type WordChangeAnswer = z.infer<typeof wordChangeAnswer>;

export const historyEntryAnswer = z.object({
  position: z.string().describe('Position in the event log'),
  revision: z.string().describe("Revision of the sentence's stream; empty for a renumbering"),
  at: isoMoment,
  actor: z.string().describe("Who made the change: a user's id, or a tool's name (system, importer)"),
  actorName: z.string().describe("The actor as people know them: the user's display name, 'deleted user' once erased, 'unknown user', or the tool's name"),
  suggestedBy: z
    .string()
    .optional()
    .describe("For an edit accepted from a reader's suggestion: the suggester's user id (the actor is the editor who accepted it)"),
  suggestedByName: z.string().optional().describe('The suggester as people know them, like actorName'),
  type: z.string().describe('The event type, or SentenceNumbered for a renumbering'),
  part: z
    .string()
    .describe(
      'What changed: number (renumbered; before/after are the numbers), split, merge, text:first, field:motherNote, translation:sa, media:painting, relations, commentary:<layer>, placement',
    ),
  before: z.string().nullable(),
  after: z.string().nullable(),
  diff: z.array(wordChangeAnswer).nullable().describe('Word diff of before → after, for textual parts'),
});
export type HistoryEntryAnswer = z.infer<typeof historyEntryAnswer>;

/** GET /api/history/sentence/{n}: newest first. */
export const sentenceHistoryAnswer = z.object({
  sentence: count.nullable().describe('Its running number now; null once withdrawn'),
  id: count.describe('Permanent id'),
  entries: z.array(historyEntryAnswer),
});
export type SentenceHistoryAnswer = z.infer<typeof sentenceHistoryAnswer>;

/** GET /api/s/{id}: where a permanent id stands now (numbers null once withdrawn). */
export const sentenceIdentityAnswer = z.object({
  id: count,
  sentence: count.nullable(),
  book: count.nullable(),
  canto: count.nullable(),
  section: count.nullable(),
  withdrawn: z.boolean(),
});
export type SentenceIdentityAnswer = z.infer<typeof sentenceIdentityAnswer>;

export const comparedSentenceAnswer = z.object({
  sentence: sentenceNumber,
  same: z.boolean(),
  a: z.string().describe('The sentence in edition a, joined by newline'),
  b: z.string().describe('The sentence in edition b, joined by newline'),
  diff: z.array(wordChangeAnswer).nullable().describe('Word diff of a → b; null when they are the same'),
});

/** GET /api/compare/{book}/{canto}/{section} */
export const editionComparisonAnswer = z.object({
  ...placeInPoem,
  a: editionSchema,
  b: editionSchema,
  changed: count.describe('How many sentences differ'),
  sentences: z.array(comparedSentenceAnswer),
});
export type ComparedSentenceAnswer = z.infer<typeof comparedSentenceAnswer>;
export type EditionComparisonAnswer = z.infer<typeof editionComparisonAnswer>;

// --- Backlinks ---

/** GET /api/poem/backlinks/{n}: the posts, comments, library pages and books that link to sentence n with `||n||`, the newest first. */
export const backlinksAnswer = z.object({
  sentence: z.number().int().positive(),
  counts: z.object({ post: count, comment: count, page: count, book: count }),
  links: z.array(
    z.object({
      kind: z.enum(['post', 'comment', 'page', 'book']),
      title: z.string(),
      href: z.string(),
      at: z.string(),
    }),
  ),
});
export type BacklinksAnswer = z.infer<typeof backlinksAnswer>;

/**
 * GET /api/poem/connections/{n}: what the server knows around sentence n for its Connections panel
 * (the verse's own commentary, notes and media come with the section): readers' works by type,
 * open suggested corrections, and its backlinks.
 */
export const connectionsAnswer = backlinksAnswer.extend({
  works: z.object({ text: count, audio: count, video: count, rts: count, slps: count }),
  suggestions: count,
});
export type ConnectionsAnswer = z.infer<typeof connectionsAnswer>;
