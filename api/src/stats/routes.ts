import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cantoCountAnswer, cantoCountQuery, COUNT_PAGE_SIZE, countAnswer, countQuery } from '@epos/schemas';
import { STATS_PROJECTION, type StatsReadModel } from '@epos/projections/stats/read-model';
import { cantoTotalsOfRange, sentencesInRange, sumsOfRange } from '@epos/projections/stats/queries';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { paging } from '../blogs/views.js';
import { cantoCountView, countTotalsView, sentenceCountView } from './count-view.js';

const reads = { reads: [STATS_PROJECTION] };
const tags = ['stats'];

/** Counts statistics (spec sections 3 and 7): a range of sentences' counts, paged, with the range's totals. */
export function statsRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  // Summing a wide range costs the database far more than a page of a narrow one.
  const isWide = (range: { from: number; to: number }) => range.to - range.from + 1 > deps.config.WIDE_COUNT_SENTENCES;
  return async (app) => {
    app.get(
      '/api/count',
      {
        config: reads,
        schema: {
          tags,
          summary:
            'Counts of the sentences numbered from..to in the edition lbl (first, centenary or revised), a page at a time, with the totals of the whole range',
          querystring: countQuery,
          response: { 200: countAnswer },
        },
      },
      async (request, reply) => {
        const { from, to, lbl, page } = request.query;
        if (isWide(request.query)) await app.costlyReads.admit(request, reply, 'wideCount');
        const db = await readModel<StatsReadModel>(deps, request, STATS_PROJECTION);
        const range = { from, to, edition: lbl };
        const [rows, sums] = await Promise.all([
          sentencesInRange(db, range, { offset: (page - 1) * COUNT_PAGE_SIZE, limit: COUNT_PAGE_SIZE }),
          sumsOfRange(db, range),
        ]);
        return { from, to, lbl, lcount: rows.map(sentenceCountView), totals: countTotalsView(sums), Paging: paging(page, sums.sentences, COUNT_PAGE_SIZE) };
      },
    );

    app.get(
      '/api/count/cantos',
      {
        config: reads,
        schema: {
          tags,
          summary: 'Each canto the range from..to touches, with its totals in every edition',
          querystring: cantoCountQuery,
          response: { 200: cantoCountAnswer },
        },
      },
      async (request, reply) => {
        if (isWide(request.query)) await app.costlyReads.admit(request, reply, 'wideCount');
        const db = await readModel<StatsReadModel>(deps, request, STATS_PROJECTION);
        return cantoCountView(await cantoTotalsOfRange(db, request.query));
      },
    );
  };
}
