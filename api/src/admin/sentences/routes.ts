import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editions, type Edition, type MediaItem, type MediaKind, type SentenceField } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import {
  adminRestoreBody,
  adminSentenceAnswer,
  adminSentenceParams,
  adminSentencesAnswer,
  adminSentenceUpdate,
  type AdminSentenceUpdate,
} from '@epos/schemas/admin/sentences';
import type { SentenceCommand } from '@epos/domain/poem/sentence-decider';
import type { ApiDeps } from '../../deps.js';
import { sentenceCommandAt } from './command-at.js';
import { withPosition } from '../../commands.js';
import { commandFor } from '../../poem/edit-routes.js';
import { parseListParams } from '../list-params.js';
import { sendList } from '../lists.js';
import { restoreSentence } from './restore.js';
import { sentencePage, invalid, poemReadModel, sentenceRecord, sentenceRow } from './records.js';

const tags = ['admin'];
const SORTS = ['id', 'number', 'book', 'canto', 'section'] as const;
const FILTERS = ['id', 'number', 'book', 'canto', 'section'] as const;

/** The console's save as sentence commands, each checked as the site's editor checks it. */
function commandsOf(update: AdminSentenceUpdate): SentenceCommand[] {
  const commands: SentenceCommand[] = [];
  for (const [edition, content] of Object.entries(update.text ?? {}) as [Edition, string | null | undefined][]) {
    if (content === undefined || !editions.includes(edition)) continue;
    const command = commandFor(`text-${edition}`, content ?? '');
    if (typeof command === 'string') throw invalid(`text.${edition}`, command);
    commands.push(command);
  }
  for (const [field, value] of Object.entries(update.fields ?? {}) as [SentenceField, string | null | undefined][]) {
    if (value !== undefined) commands.push({ kind: 'setField', field, value });
  }
  for (const [mediaKind, items] of Object.entries(update.media ?? {}) as [MediaKind, MediaItem[] | undefined][]) {
    if (items !== undefined) commands.push({ kind: 'setMedia', mediaKind, items });
  }
  for (const [layer, text] of Object.entries(update.commentary ?? {})) commands.push({ kind: 'setCommentary', layer, text });
  return commands;
}

/**
 * Poem lines in the console (id = the sentence's permanent id): the list with the line picker's
 * filters, one sentence, a save of many parts as one change (409 when stale), and restoring an
 * earlier version from its history. Writes are the sentence decider's, as on the site.
 */
export function sentenceRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sentences',
      {
        schema: {
          tags,
          summary: 'Poem lines: filter by book, canto, section, number, id; q searches the first edition',
          querystring: adminListQuery,
          response: { 200: adminSentencesAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const { rows, total } = await sentencePage(deps, request, params);
        return sendList(
          reply,
          'sentences',
          params,
          rows.map((row) => sentenceRecord(row)),
          total,
        );
      },
    );

    app.get(
      '/sentences/:id',
      { schema: { tags, summary: 'One poem line by its permanent id', params: adminSentenceParams, response: { 200: adminSentenceAnswer } } },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        reply.header('cache-control', 'private, no-store');
        return sentenceRecord(row);
      },
    );

    app.put(
      '/sentences/:id',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: 'Save the parts of a poem line given (409 when it changed since `version`)',
          params: adminSentenceParams,
          body: adminSentenceUpdate,
          response: { 200: adminSentenceAnswer },
        },
      },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        const { result, revision } = await sentenceCommandAt(
          deps,
          request,
          row.id,
          { kind: 'edit', commands: commandsOf(request.body) },
          BigInt(request.body.version),
        );
        return withPosition(reply, result).send(sentenceRecord(row, result.state, revision));
      },
    );

    app.post(
      '/sentences/:id/restore',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: 'Set every part of a poem line back to its value at an event position of its history (new events; history is kept)',
          params: adminSentenceParams,
          body: adminRestoreBody,
          response: { 200: adminSentenceAnswer },
        },
      },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        const { result, revision } = await restoreSentence(deps, request, row.id, BigInt(request.body.position), {
          command: (target) => ({ kind: 'restore', target }),
        });
        return withPosition(reply, result).send(sentenceRecord(row, result.state, revision));
      },
    );
  };
}
