import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editionComparisonAnswer, editionSchema, sentenceHistoryAnswer, sentenceIdentityAnswer } from '@epos/schemas';
import { USERS_PROJECTION } from '@epos/projections/accounts/users-projection';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ActorNames } from '../accounts/actor-names.js';
import { HttpError } from '../http/error-handler.js';
import { sendCacheable } from '../http/http-cache.js';
import { compareEditions, type PoemHistory } from './history.js';
import type { PoemReader } from './poem-reader.js';
import { asOfQuery, sectionParams, sentenceIdParams, sentenceParams } from './schemas.js';

const tags = ['poem history'];
const edition = z.string().toLowerCase().pipe(editionSchema);

/** Beyond the spec: a sentence's revision history and editions compared. */
export function historyRoutes(history: PoemHistory, reader: PoemReader, names: ActorNames): FastifyPluginAsyncZod {
  const { bodies } = reader;
  return async (app) => {
    app.get(
      '/api/history/sentence/:n',
      {
        config: { reads: [POEM_PROJECTION, USERS_PROJECTION] },
        schema: {
          tags,
          summary:
            'Every change to sentence n (or, when none has n now, the one that last had it), newest first, with actor, time, a word diff and its renumberings; with asOf, of the sentence that had number n then',
          params: sentenceParams,
          querystring: asOfQuery,
          response: { 200: sentenceHistoryAnswer },
        },
      },
      async (request, reply) => {
        const queries = await reader.queries(request);
        const { asOf } = request.query;
        const id = asOf
          ? await queries.idNumberedAt(request.params.n, asOf)
          : ((await queries.idOf(request.params.n)) ?? (await queries.lastNumbered(request.params.n)));
        const identity = id === null ? null : await queries.identity(id);
        const entries = identity ? await history.sentence(identity.id, await queries.numberings(identity.id)) : null;
        if (!identity || !entries) throw new HttpError(404, 'not_found', 'Not Found');
        const named = await names(
          request,
          entries.flatMap((e) => (e.suggestedBy === undefined ? [e.actor] : [e.actor, e.suggestedBy])),
        );
        const withNames = entries.map((e) => ({
          ...e,
          actorName: named.get(e.actor)!,
          ...(e.suggestedBy === undefined ? {} : { suggestedByName: named.get(e.suggestedBy)! }),
        }));
        return sendCacheable(request, reply, bodies.history({ sentence: identity.sentence, id: identity.id, entries: withNames }));
      },
    );

    app.get(
      '/api/s/:id',
      {
        config: { reads: [POEM_PROJECTION] },
        schema: {
          tags,
          summary: "A sentence's permanent id: its running number and section now (sentence null once withdrawn)",
          params: sentenceIdParams,
          response: { 200: sentenceIdentityAnswer },
        },
      },
      async (request, reply) => {
        const identity = await (await reader.queries(request)).identity(request.params.id);
        if (!identity) throw new HttpError(404, 'not_found', 'Not Found');
        return sendCacheable(request, reply, bodies.identity({ ...identity, withdrawn: identity.book === null }));
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
          response: { 200: editionComparisonAnswer },
        },
      },
      async (request, reply) => {
        const docs = await reader.sectionDocs(request, request.params);
        if (docs.length === 0) throw new HttpError(404, 'not_found', 'No book found');
        const { book, canto, section } = request.params;
        const body = {
          bookNumber: book,
          cantoNumber: canto,
          sectionNumber: section,
          ...compareEditions(
            docs.map((d) => d.state),
            request.query.a,
            request.query.b,
          ),
        };
        return sendCacheable(request, reply, bodies.comparison(body));
      },
    );
  };
}
