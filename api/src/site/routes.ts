import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { kept, render, sendCacheable } from '../plugins/http-cache.js';
import { poemQueries } from '../poem/poem-queries.js';

/**
 * What a reader sees named: site, poem, author, artist and note labels. The poem's title and
 * author come from the poem itself when its file gives them, else from configuration.
 */
export function siteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  const answer = (title: string, author: string) =>
    render(
      siteSchema.parse({
        siteName: config.SITE_NAME,
        poemTitle: title,
        poemAuthor: author,
        artistName: config.ARTIST_NAME,
        labels: { motherNote: config.LABEL_MOTHER_NOTE, aurobindoNote: config.LABEL_AUTHOR_NOTE, worksOn: `Works on ${title}` },
      }),
    );
  let last: { key: string; body: ReturnType<typeof answer> } | null = null;
  return async (app) => {
    app.get(
      '/api/site',
      { config: { reads: [POEM_PROJECTION] }, schema: { tags: ['site'], summary: "Names and labels the reader shows: the poem's own title and author, else configuration", response: { 200: siteSchema } } },
      async (request, reply) => {
        const own = await (await poemQueries(deps, request)).titleAndAuthor();
        const title = own.title ?? config.POEM_TITLE;
        const author = own.author ?? config.POEM_AUTHOR;
        const key = `${title}\n${author}`;
        if (last?.key !== key) last = { key, body: kept(answer(title, author)) };
        return sendCacheable(request, reply, last.body);
      },
    );
  };
}
