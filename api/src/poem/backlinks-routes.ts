import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backlinksAnswer, type BacklinksAnswer } from '@epos/schemas/poem/responses';
import { BACKLINKS_PROJECTION, type BacklinksReadModel } from '@epos/projections/poem/backlinks-projection';
import { backlinksTo } from '@epos/projections/poem/backlink-queries';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { sentenceParams } from './schemas.js';

/** `GET /api/poem/backlinks/{n}`: what links to a sentence with `||n||` (a sentence's Connections). */
export function backlinkRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/poem/backlinks/:n',
      {
        config: { reads: [BACKLINKS_PROJECTION] },
        schema: {
          tags: ['poem'],
          summary: 'The published posts, their comments, library pages and books that link to sentence n with ||n||, with counts of each',
          params: sentenceParams,
          response: { 200: backlinksAnswer },
        },
      },
      async (request, reply): Promise<BacklinksAnswer> => {
        const { n } = request.params;
        const found = await backlinksTo(await readModel<BacklinksReadModel>(deps, request, BACKLINKS_PROJECTION), n);
        reply.header('cache-control', 'no-cache');
        return { sentence: n, ...found };
      },
    );
  };
}
