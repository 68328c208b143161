import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editionSchema } from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { HttpError } from '../plugins/error-handler.js';
import { render, sendCacheable } from '../plugins/http-cache.js';
import { compareEditions, type PoemHistory } from './history.js';
import type { PoemReader } from './poem-reader.js';
import { sectionParams, sentenceParams } from './schemas.js';

const tags = ['poem history'];
const edition = z.string().toLowerCase().pipe(editionSchema);

/** Beyond the spec: a sentence's revision history and editions compared. */
export function historyRoutes(history: PoemHistory, reader: PoemReader): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/history/sentence/:n',
      { schema: { tags, summary: 'Every change to a sentence, newest first, with actor, time and a word diff', params: sentenceParams } },
      async (request, reply) => {
        const entries = await history.sentence(request.params.n);
        if (!entries) throw new HttpError(404, 'not_found', 'Not Found');
        return sendCacheable(request, reply, render({ sentence: request.params.n, entries }));
      },
    );

    app.get(
      '/api/compare/:book/:canto/:section',
      {
        config: { reads: [POEM_PROJECTION] },
        schema: {
          tags,
          summary: 'Per-sentence word diffs between two editions of a section',
          params: sectionParams,
          querystring: z.object({ a: edition.default('first'), b: edition.default('revised') }),
        },
      },
      async (request, reply) => {
        const docs = await reader.sectionDocs(request, request.params);
        if (docs.length === 0) throw new HttpError(404, 'not_found', 'No book found');
        const { book, canto, section } = request.params;
        const body = { bookNumber: book, cantoNumber: canto, sectionNumber: section, ...compareEditions(docs.map((d) => d.state), request.query.a, request.query.b) };
        return sendCacheable(request, reply, render(body));
      },
    );
  };
}
