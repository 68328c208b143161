import { z } from 'zod';
import { lineText } from '../api/input.js';
import { listPaging } from '../blogs/responses.js';
import { slugSchema } from '../blogs/events.js';
import { pageQuery } from '../blogs/payloads.js';
import { MAX_QUERY_LENGTH, SEARCH_COUNT_CAP, searchScopeParam, searchScopes, searchScopeSchema } from './documents.js';

/** The words searched for: required, one line, at most MAX_QUERY_LENGTH characters. */
const q = z
  .string({ message: 'q: enter something to search for' })
  .trim()
  .min(1, 'q: enter something to search for')
  .pipe(lineText(MAX_QUERY_LENGTH, `q: at most ${MAX_QUERY_LENGTH} characters`));
const phrase = z
  .enum(['true', 'false'], { message: 'phrase: expected true or false' })
  .transform((v) => v === 'true')
  .default(false);
const t = searchScopeParam.default('first');

/** `GET /api/v2/search/download?q&t&phrase`. */
export const searchDownloadQuery = z.object({ q, t, phrase });
/** `GET /api/v2/search?q&page&t&phrase&author&journal`: `author` (user id) and `journal` (blog slug) filter posts and comments. */
export const searchQuery = searchDownloadQuery.extend({
  page: pageQuery.shape.page,
  author: z.uuid({ message: 'author: expected a user id' }).optional(),
  journal: slugSchema.optional(),
});
export const suggestQuery = z.object({ q });

export const searchHit = z.object({
  id: z.string(),
  scope: searchScopeSchema,
  title: z.string(),
  snippet: z.string().describe('HTML: the matched words in <mark>, everything else escaped'),
  link: z.string().describe('Site path; poem hits carry ?search= for the reader to highlight'),
  date: z.string().nullable(),
});

/** What the answer says when every word is a common one (`commonWordsOnly`). */
export const COMMON_WORDS_NOTICE = 'Only common words: try a more specific word, or a phrase with one in it.';

export const searchAnswer = z.object({
  q: z.string(),
  t: searchScopeSchema,
  counts: z
    .object(Object.fromEntries(searchScopes.map((s) => [s, z.number().int()])) as Record<(typeof searchScopes)[number], z.ZodNumber>)
    .describe(`Hits per scope, for the tab labels, counted up to ${SEARCH_COUNT_CAP}`),
  capped: z.array(searchScopeSchema).describe(`Scopes with more than ${SEARCH_COUNT_CAP} hits ("1,000+")`),
  total: z.number().int().describe("Hits of the chosen scope (its count, so at most the cap when it is in 'capped')"),
  more: z.boolean().describe('Whether another page follows'),
  didYouMean: z.string().nullable().describe('When no scope has a hit: the query with its unknown words replaced by the closest known ones; otherwise null'),
  commonWordsOnly: z.boolean().describe('Every word is too common to search ("the and of"): nothing was searched'),
  notice: z.string().nullable().describe('Why the answer is empty, for the reader (common words only), or null'),
  bcontent: z.array(searchHit).describe("The page's hits; empty beyond the last page"),
  Paging: listPaging.describe('TotalPagesCount counts the pages known: one more than this while more follow'),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

/** Every hit of a scope (up to SEARCH_DOWNLOAD_CAP) as a markdown file. */
export const SEARCH_DOWNLOAD_CAP = 5_000;
export const searchDownloadAnswer = z.object({
  fileName: z.string(),
  file: z.string().describe(`Base64 of a markdown file, one hit per block; at most ${SEARCH_DOWNLOAD_CAP} hits`),
});
export type SearchDownloadAnswer = z.infer<typeof searchDownloadAnswer>;

export const MAX_SUGGESTIONS = 10;
export const suggestAnswer = z.array(z.string()).max(MAX_SUGGESTIONS);
