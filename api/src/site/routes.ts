import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { render, sendCacheable } from '../plugins/http-cache.js';

/** What a reader sees named: site, poem, author, artist and note labels, all from configuration. */
export function siteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  const site = render(
    siteSchema.parse({
      siteName: config.SITE_NAME,
      poemTitle: config.POEM_TITLE,
      poemAuthor: config.POEM_AUTHOR,
      artistName: config.ARTIST_NAME,
      labels: { motherNote: config.LABEL_MOTHER_NOTE, aurobindoNote: config.LABEL_AUTHOR_NOTE, worksOn: `Works on ${config.POEM_TITLE}` },
    }),
  );
  return async (app) => {
    app.get('/api/site', { schema: { tags: ['site'], summary: 'Names and labels the reader shows, from configuration', response: { 200: siteSchema } } }, async (request, reply) =>
      sendCacheable(request, reply, site),
    );
  };
}
