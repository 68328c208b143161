import { z } from 'zod';
import { wholeNumber } from '../api/input.js';
import { editions } from '../poem/editions.js';

/** The spec's message when the count search has no 'From' (section 5). */
export const FROM_EMPTY = 'From cannot be empty';
/** Sentences per page of `lcount`. */
export const COUNT_PAGE_SIZE = 50;
/** The most sentences one range may span (its totals are summed when asked). */
export const MAX_COUNT_RANGE = 25_000;

const sentenceNumber = (field: string) => wholeNumber(field, { min: 1, message: 'expected a sentence number' });
const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `GET /api/count?from&to&lbl&page`: the sentences numbered from..to (to defaults to from), in the
 * edition `lbl` names — `first` (default), `centenary` or `revised` — a page at a time.
 */
export const countQuery = z
  .object({
    from: z.preprocess(
      blankAsMissing,
      z
        .union([z.undefined(), z.unknown()])
        .refine((v) => v !== undefined, FROM_EMPTY)
        .pipe(sentenceNumber('from')),
    ),
    to: z.preprocess(blankAsMissing, sentenceNumber('to').optional()),
    lbl: z.preprocess(blankAsMissing, z.enum(editions, { message: `expected one of ${editions.join(', ')}` }).default('first')),
    page: z.preprocess(blankAsMissing, wholeNumber('page', { min: 1, max: 100_000, message: 'expected a page number' }).default(1)),
  })
  .transform((q) => ({ ...q, to: q.to ?? q.from }))
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (q.to - q.from >= MAX_COUNT_RANGE)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the range may span at most ${MAX_COUNT_RANGE} sentences` });
  });
export type CountQuery = z.output<typeof countQuery>;

/** `GET /api/count/cantos?from&to`: the cantos the range touches, compared between editions. */
export const cantoCountQuery = z
  .object({
    from: z.preprocess(
      blankAsMissing,
      z
        .union([z.undefined(), z.unknown()])
        .refine((v) => v !== undefined, FROM_EMPTY)
        .pipe(sentenceNumber('from')),
    ),
    to: z.preprocess(blankAsMissing, sentenceNumber('to').optional()),
  })
  .transform((q) => ({ ...q, to: q.to ?? q.from }))
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

// Answers.
const count = z.number().int().nonnegative();
const average = z.number().nonnegative();

// Counted by rule for each script (docs/decisions/counting-by-script.md).
const words = count.describe('Words: verse numbers and punctuation are none; each Chinese character is one');
const syllables = count.describe('Syllables: aksharas in Indic scripts, one a Chinese character, else the CMU dictionary or an estimate from the spelling');
const chars = count.describe('Characters other than white space, each letter with its combining marks (vowel signs, virama, accents) one');
const special = count.describe('Of those, neither letters nor digits (punctuation, dandas)');

export const lineCount = z.object({ line: z.string(), lwordcount: words, lsyllablecount: syllables, lcharcount: chars, lcharspecialcount: special });
export const sentenceCount = z.object({
  id: z.number().int().describe('The running number of the sentence'),
  sentence: z.string().describe("The sentence's text in the edition, its lines joined by a newline"),
  swordcount: words,
  ssyllablecount: syllables,
  scharcount: chars,
  scharspecialcount: special,
  AvgSyllables: average.describe('Syllables per line of the sentence'),
  Lines: z.array(lineCount),
});
export type SentenceCount = z.infer<typeof sentenceCount>;

export const countTotals = z.object({
  TotalSentences: count,
  TotalLines: count.describe('Verse lines the sentences start'),
  AvgLinesPerSentence: average,
  AvgWordsPerLine: average,
  AvgWordsPerSentence: average,
  AvgCharacterPerline: average,
  AvgSyllables: average.describe('Syllables per line'),
  GetSpeech: z.string().describe('The totals as one sentence to speak (for /api/tts)'),
});
export type CountTotals = z.infer<typeof countTotals>;

export const countAnswer = z.object({
  from: z.number().int(),
  to: z.number().int(),
  lbl: z.enum(editions),
  lcount: z.array(sentenceCount),
  totals: countTotals,
  Paging: z.object({ CurrentPage: z.number().int(), TotalPagesCount: z.number().int(), Skip: z.number().int() }),
});
export type CountAnswer = z.infer<typeof countAnswer>;

export const cantoCount = z.object({
  book: z.number().int(),
  canto: z.number().int(),
  editions: z.object(Object.fromEntries(editions.map((e) => [e, countTotals])) as Record<(typeof editions)[number], typeof countTotals>),
});
export const cantoCountAnswer = z.object({ cantos: z.array(cantoCount) });
export type CantoCountAnswer = z.infer<typeof cantoCountAnswer>;
