import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_PROJECTION } from '@epos/projections/search/read-model';
import { SEARCH_PAGE_SIZE, type SearchHit, type SearchQuery } from '@epos/schemas/search/documents';
import {
  COMMON_WORDS_NOTICE,
  MAX_SUGGESTIONS,
  searchAnswer,
  searchDownloadAnswer,
  searchDownloadQuery,
  type SearchDownloadAnswer,
  searchQuery,
  suggestAnswer,
  suggestQuery,
} from '@epos/schemas/search/responses';
import type { ApiDeps } from '../deps.js';
import { paging } from '../blogs/views.js';
import { searchFileBlocks, searchFileJson, withSearchTerm } from './hits.js';

const reads = { reads: [SEARCH_PROJECTION] };

/** Search (spec sections 2 and 7): a page of one scope's hits with every scope's count, the whole scope as a file, and suggestions. */
export function searchRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const linked = (q: string) => (hit: SearchHit) => ({
    id: hit.id,
    scope: hit.scope,
    title: hit.title,
    snippet: hit.snippet,
    link: withSearchTerm(hit, q),
    date: hit.date,
  });
  const { search } = deps;
  return async (app) => {
    app.get(
      '/api/v2/search',
      {
        config: reads,
        schema: {
          tags: ['search'],
          summary: "One page of a scope's hits, with every scope's count (limited per address and in how many are answered at once)",
          querystring: searchQuery,
          response: { 200: searchAnswer },
        },
      },
      async (request, reply) => {
        await app.costlyReads.admit(request, reply, 'search');
        const { q, t, page, phrase, author, journal } = request.query;
        const query: SearchQuery = {
          q,
          scope: t,
          page,
          pageSize: SEARCH_PAGE_SIZE,
          phrase,
          ...(author ? { author } : {}),
          ...(journal ? { blog: journal } : {}),
        };
        const result = await search.search(query);
        // A correction only for words found nowhere: a word with hits in any tab is one the reader meant.
        const nowhere = !result.commonWordsOnly && Object.values(result.counts).every((n) => n === 0);
        const didYouMean = nowhere ? ((await search.didYouMean?.(q)) ?? null) : null;
        const known = Math.max(result.total, (page - 1) * SEARCH_PAGE_SIZE + result.hits.length + (result.more ? 1 : 0));
        return {
          q,
          t,
          counts: result.counts,
          capped: result.capped,
          total: result.total,
          more: result.more,
          didYouMean,
          commonWordsOnly: result.commonWordsOnly,
          notice: result.commonWordsOnly ? COMMON_WORDS_NOTICE : null,
          bcontent: result.hits.map(linked(q)),
          Paging: paging(page, known, SEARCH_PAGE_SIZE),
        };
      },
    );

    app.get(
      '/api/v2/search/download',
      {
        config: reads,
        schema: {
          tags: ['search'],
          summary: 'Every hit of a scope (capped) as a markdown file, base64, streamed (limited per address and in how many are answered at once)',
          querystring: searchDownloadQuery,
          response: { 200: searchDownloadAnswer },
        },
      },
      async (request, reply) => {
        await app.costlyReads.admit(request, reply, 'searchDownload');
        const { q, t, phrase } = request.query;
        const json = await searchFileJson(`search-${t}.md`, searchFileBlocks(search, { q, scope: t, phrase }));
        // A stream skips the serializer: the schema documents what it writes.
        return reply.type('application/json; charset=utf-8').send(Readable.from(json) as unknown as SearchDownloadAnswer);
      },
    );

    app.get(
      '/api/v2/search/suggest',
      { schema: { tags: ['search'], summary: 'Up to 10 completions of q', querystring: suggestQuery, response: { 200: suggestAnswer } } },
      async (request) => search.suggest(request.query.q, MAX_SUGGESTIONS),
    );
  };
}
