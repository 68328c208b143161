import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { handleCommand } from '@epos/platform';
import { editions, sentenceStream, type Edition, type MediaItem, type MediaKind, type SentenceField } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminRestoreBody, adminSentenceAnswer, adminSentenceParams, adminSentencesAnswer, adminSentenceUpdate, type AdminSentenceUpdate } from '@epos/schemas/admin/sentences';
import { sentenceDecider, type SentenceCommand } from '@epos/domain/poem/sentence-decider';
import { emptySentence, evolveSentence, type SentenceEvent } from '@epos/domain/poem/sentence-state';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { commandFor } from '../../poem/edit-routes.js';
import { parseListParams } from '../list-params.js';
import { sendList } from '../lists.js';
import { filteredSentences, invalid, poemReadModel, SENTENCE_COLUMNS, sentenceRecord, sentenceRow } from './records.js';

const tags = ['admin'];
const SORTS = ['id', 'number', 'book', 'canto', 'section'] as const;
const FILTERS = ['id', 'number', 'book', 'canto', 'section'] as const;
const COLUMN = { id: 'id', number: 'sentence', book: 'book', canto: 'canto', section: 'section' } as const;

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
      { schema: { tags, summary: 'Poem lines: filter by book, canto, section, number, id; q searches the first edition', querystring: adminListQuery, response: { 200: adminSentencesAnswer } } },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await poemReadModel(deps, request);
        const rows = filteredSentences(db.selectFrom('sentences'), params.filter, params.q);
        const page = rows
          .select(SENTENCE_COLUMNS)
          .orderBy(COLUMN[params.sort?.field ?? 'number'], params.sort?.order ?? 'asc')
          .orderBy('sentence')
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1);
        const [found, total] = await Promise.all([page.execute(), rows.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()]);
        return sendList(reply, 'sentences', params, found.map((row) => sentenceRecord(row)), Number(total.total));
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
        schema: { tags, summary: 'Save the parts of a poem line given (409 when it changed since `version`)', params: adminSentenceParams, body: adminSentenceUpdate, response: { 200: adminSentenceAnswer } },
      },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        const result = await handleCommand(deps.store, {
          streamId: sentenceStream(row.id),
          decider: sentenceDecider(row.id),
          command: { kind: 'edit', commands: commandsOf(request.body) },
          cause: causeOf(request),
          expectedRevision: BigInt(request.body.version),
        });
        return withPosition(reply, result).send(sentenceRecord(row, result.state, (BigInt(request.body.version) + BigInt(result.events.length)).toString()));
      },
    );

    app.post(
      '/sentences/:id/restore',
      {
        config: { permission: 'poem.edit' },
        schema: { tags, summary: 'Set every part of a poem line back to its value at an event position of its history (new events; history is kept)', params: adminSentenceParams, body: adminRestoreBody, response: { 200: adminSentenceAnswer } },
      },
      async (request, reply) => {
        const row = await sentenceRow(await poemReadModel(deps, request), request.params.id);
        const history = await deps.store.readStream(sentenceStream(row.id));
        const position = BigInt(request.body.position);
        const upTo = history.findIndex((e) => e.position === position);
        if (upTo < 0) throw invalid('position', 'position: not a version of this sentence');
        const target = history.slice(0, upTo + 1).reduce((s, e) => evolveSentence(s, e as unknown as SentenceEvent), emptySentence(row.id));
        const result = await handleCommand(deps.store, {
          streamId: sentenceStream(row.id),
          decider: sentenceDecider(row.id),
          command: { kind: 'restore', target },
          cause: { ...causeOf(request), causationId: history[upTo]!.id },
          expectedRevision: history.at(-1)!.revision,
        });
        return withPosition(reply, result).send(sentenceRecord(row, result.state, (history.at(-1)!.revision + BigInt(result.events.length)).toString()));
      },
    );
  };
}
