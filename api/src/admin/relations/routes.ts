import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminRelationsAnswer, adminRelationsUpdate } from '@epos/schemas/admin/relations';
import { adminSentenceParams } from '@epos/schemas/admin/sentences';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.js';
import { sentenceCommandAt } from '../sentences/command-at.js';
import { withPosition } from '../../commands.js';
import { parseListParams } from '../list-params.js';
import { sendList } from '../lists.js';
import { sentencePage, firstWords, poemReadModel, sentenceRow, type SentenceRow } from '../sentences/records.js';

const tags = ['admin'];
const SORTS = ['id', 'number'] as const;
const FILTERS = ['id', 'number', 'book', 'canto', 'section'] as const;

const relationsRecord = (row: SentenceRow, state: SentenceState = row.state, revision = row.revision) => ({
  id: row.id,
  number: row.sentence,
  firstWords: firstWords(state),
  version: String(revision),
  text: (state.text.first ?? []).join('\n'),
  relations: state.relations,
});

/** Word relations (Sanskrit–English) of each sentence, id = the sentence's permanent id; saved by the sentence decider. */
export function relationRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/relations',
      {
        schema: {
          tags,
          summary: 'Word relations per sentence: filter by book, canto, section, number; q searches the first edition',
          querystring: adminListQuery,
          response: { 200: z.array(adminRelationsAnswer) },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const { rows, total } = await sentencePage(deps, request, params);
        return sendList(
          reply,
          'relations',
          params,
          rows.map((row) => relationsRecord(row)),
          total,
        );
      },
    );

    app.get(
      '/relations/:id',
      { schema: { tags, summary: "A sentence's word relations", params: adminSentenceParams, response: { 200: adminRelationsAnswer } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return relationsRecord(await sentenceRow(await poemReadModel(deps, request), request.params.id));
      },
    );

    app.put(
      '/relations/:id',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: "Replace a sentence's word relations (409 when it changed since `version`)",
          params: adminSentenceParams,
          body: adminRelationsUpdate,
          response: { 200: adminRelationsAnswer },
        },
      },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        const { result, revision } = await sentenceCommandAt(
          deps,
          request,
          row.id,
          { kind: 'setRelations', relations: request.body.relations },
          BigInt(request.body.version),
        );
        return withPosition(reply, result).send(relationsRecord(row, result.state, revision));
      },
    );
  };
}
