import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packAnswer, packManifestAnswer } from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { compressedAhead, sendCacheable } from '../http/http-cache.js';
import { missingPart } from './missing-part.js';
import type { PoemReader } from './poem-reader.js';
import { PoemPacks } from './packs.js';
import { editionQuery, langQuery, sectionParams } from './schemas.js';

const NO_BOOK = 'No book found';
const reads = { reads: [POEM_PROJECTION] } as const;
const tags = ['poem'];
const cantoParams = sectionParams.pick({ book: true, canto: true });
/** One of the two: `edition` for an edition's pack, `lang` for a translation's. */
const packQuery = editionQuery.extend(langQuery.partial().shape).refine((query) => (query.edition === undefined) !== (query.lang === undefined), {
  message: 'give either edition or lang',
  path: ['edition'],
});

/** The offline packs' calls (issue 39): a book's list of packs, and each pack. */
export function packRoutes(deps: ApiDeps, reader: PoemReader): FastifyPluginAsyncZod {
  return async (app) => {
    const packs = new PoemPacks(deps, reader);
    app.get(
      '/api/packs/:book',
      {
        config: reads,
        schema: {
          tags,
          summary: "A book's offline packs: each canto in each edition and translation language that has it, with its size and content hash",
          params: cantoParams.pick({ book: true }),
          response: { 200: packManifestAnswer },
        },
      },
      async (request, reply) => {
        // Cold (after any change to the poem), a list makes every pack of the book.
        await app.costlyReads.admit(request, reply, 'packList');
        const found = await packs.manifest(request, request.params.book);
        if (!found) throw await missingPart(deps, request.params, NO_BOOK);
        return sendCacheable(request, reply, found);
      },
    );

    app.get(
      '/api/packs/:book/:canto',
      {
        config: reads,
        schema: {
          tags,
          summary:
            "One canto's offline pack in an edition (?edition=) or a translation language (?lang=): the section or translation answers keyed by their URLs",
          params: cantoParams,
          querystring: packQuery,
          response: { 200: packAnswer },
        },
      },
      async (request, reply) => {
        const { book, canto } = request.params;
        const { edition, lang } = request.query;
        const choice = lang ? ({ kind: 'translation', lang } as const) : ({ kind: 'edition', edition: edition! } as const);
        const found = await packs.pack(request, book, canto, choice);
        if (!found)
          throw lang ? new HttpError(404, 'not_found', 'No translation in this language for this canto') : await missingPart(deps, request.params, NO_BOOK);
        // Downloaded compressed by every client: its forms are made before the first is sent.
        return sendCacheable(request, reply, await compressedAhead(found));
      },
    );
  };
}
