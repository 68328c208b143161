import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '@epos/schemas';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { siteUrl } from '@epos/platform';
import type { ApiDeps } from '../deps.js';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { render, sendCacheable } from '../http/http-cache.js';
import { poemQueries } from '../poem/poem-reader.js';
import { readModelSchema } from '../read-models.js';

/**
 * What a reader sees named: site, poem, author, artist and note labels. The poem's title and
 * author come from the poem itself when its file gives them, else from configuration; its
 * introduction only from the poem. Kept until the poem changes.
 */
export function siteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  const answer = (title: string, author: string, introduction: string | null, since: Date | null) =>
    render(
      siteSchema.parse({
        siteName: config.SITE_NAME,
        siteUrl: siteUrl(config),
        poemTitle: title,
        poemAuthor: author,
        poemIntroduction: introduction,
        artistName: config.ARTIST_NAME,
        labels: { motherNote: config.LABEL_MOTHER_NOTE, aurobindoNote: config.LABEL_AUTHOR_NOTE, worksOn: `Works on ${title}` },
        poemTextSince: since ? since.toISOString().slice(0, 10) : null,
      }),
    );
  return async (app) => {
    const cache = new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory);
    await listenWithApp(app, cache, deps.logger, 'site');
    app.get(
      '/api/site',
      {
        config: { reads: [POEM_PROJECTION] },
        schema: {
          tags: ['site'],
          summary: "Names and labels the reader shows: the poem's own title and author, else configuration",
          response: { 200: siteSchema },
        },
      },
      async (request, reply) => {
        const body = await cache.answer(
          request.consistentAfter,
          () => readModelSchema(deps, request, POEM_PROJECTION),
          'site',
          async () => {
            const queries = await poemQueries(deps, request);
            const [own, since] = await Promise.all([queries.ownDescription(), queries.textSince()]);
            return answer(own.title ?? config.POEM_TITLE, own.author ?? config.POEM_AUTHOR, own.introduction, since);
          },
        );
        return sendCacheable(request, reply, body!);
      },
    );
  };
}
