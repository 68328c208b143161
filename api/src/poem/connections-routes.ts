import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workTypes } from '@epos/schemas';
import { backlinksAnswer, connectionsAnswer, type BacklinksAnswer, type ConnectionsAnswer } from '@epos/schemas/poem/responses';
import { BACKLINKS_PROJECTION, type BacklinksReadModel } from '@epos/projections/poem/backlinks-projection';
import { backlinksTo } from '@epos/projections/poem/backlink-queries';
import { WORKS_PROJECTION, type WorksReadModel } from '@epos/projections/works/works-projection';
import { workCountsOn } from '@epos/projections/works/queries';
import { SUGGESTIONS_PROJECTION, type SuggestionsReadModel } from '@epos/projections/suggestions/suggestions-projection';
import { openSuggestionsOn } from '@epos/projections/suggestions/suggestion-queries';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { poemQueries } from './poem-reader.js';
import { sentenceParams } from './schemas.js';

const tags = ['poem'];

/** What links to a sentence (`GET /api/poem/backlinks/{n}`), and everything readers made around it (`GET /api/poem/connections/{n}`). */
export function connectionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/poem/backlinks/:n',
      {
        config: { reads: [BACKLINKS_PROJECTION] },
        schema: {
          tags,
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

    app.get(
      '/api/poem/connections/:n',
      {
        config: { reads: [POEM_PROJECTION, BACKLINKS_PROJECTION, WORKS_PROJECTION, SUGGESTIONS_PROJECTION] },
        schema: {
          tags,
          summary: "Sentence n's connections: readers' works by type, open suggested corrections, and what links to it, with counts",
          params: sentenceParams,
          response: { 200: connectionsAnswer },
        },
      },
      async (request, reply): Promise<ConnectionsAnswer> => {
        const { n } = request.params;
        const id = await (await poemQueries(deps, request)).idOf(n);
        if (id === null) throw new HttpError(404, 'not_found', `There is no sentence ${n}`);
        const [links, works, suggestions] = await Promise.all([
          backlinksTo(await readModel<BacklinksReadModel>(deps, request, BACKLINKS_PROJECTION), n),
          readModel<WorksReadModel>(deps, request, WORKS_PROJECTION).then((db) => workCountsOn(db, id)),
          readModel<SuggestionsReadModel>(deps, request, SUGGESTIONS_PROJECTION).then((db) => openSuggestionsOn(db, id)),
        ]);
        reply.header('cache-control', 'no-cache');
        return {
          sentence: n,
          ...links,
          works: Object.fromEntries(workTypes.map((type) => [type, works[type] ?? 0])) as ConnectionsAnswer['works'],
          suggestions,
        };
      },
    );
  };
}
