import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citationAnswer, type CitationAnswer } from '@epos/schemas/cite/responses';
import { siteUrl } from '@epos/platform';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { HttpError } from '../http/error-handler.js';
import { sendCacheable } from '../http/http-cache.js';
import { editionQuery, sentenceIdParams } from '../poem/schemas.js';
import { sentenceById } from '../poem/sentence-by-id.js';
import { cslItem, permanentUrl, quoteOf } from './csl-item.js';
import { CslStyles } from './csl-styles.js';
import { exchangeFormats } from './exchange-formats.js';

/** `GET /api/cite/s/{id}`: a sentence cited in every format, kept per edition and day until the poem changes (docs/decisions/citations.md). */
export function citeRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const origin = siteUrl(deps.config);
  const styles = new CslStyles();
  return async (app) => {
    const cache = new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory);
    await listenWithApp(app, cache, deps.logger, 'citations');

    app.get(
      '/api/cite/s/:id',
      {
        config: { reads: [POEM_PROJECTION] },
        schema: {
          tags: ['poem'],
          summary:
            'A sentence cited: MLA, Chicago and APA (text and HTML), BibTeX, RIS and CSL-JSON, pinned to the edition, the day read (today, UTC) and its permanent link; with the text and its citation to copy',
          params: sentenceIdParams,
          querystring: editionQuery,
          response: { 200: citationAnswer },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const edition = request.query.edition ?? 'first';
        const accessed = new Date().toISOString().slice(0, 10);
        const body = await cache.answer(
          undefined,
          () => deps.progress.schemaOf(POEM_PROJECTION),
          `cite:${id}:${edition}:${accessed}`,
          async (): Promise<CitationAnswer | null> => {
            const found = await sentenceById(app, id, edition);
            if (!found) return null;
            const cited = { origin, ...found, id, edition, accessed };
            const item = cslItem(cited);
            return { url: permanentUrl(origin, id), edition, accessed, quote: quoteOf(cited), styles: await styles.format(item), ...exchangeFormats(item) };
          },
        );
        if (!body) throw new HttpError(404, 'not_found', 'Not Found');
        return sendCacheable(request, reply, body);
      },
    );
  };
}
