import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { streamHistoryAnswer, streamHistoryQuery } from '@epos/schemas/admin/events';
import type { ApiDeps } from '../../deps.js';
import { actorNames } from '../../accounts/actor-names.js';
import { streamKind } from '@epos/schemas/events/stream-kind';
import { typeInWords } from '../events/describe.js';
import { aboutRecord } from './record-events.js';
import { describedChange, fieldChanges, referencesIn } from './field-changes.js';
import { referenceNames } from './reference-names.js';
import { parseListParams } from '../list-params.js';
import { sendList } from '../lists.js';

const tags = ['admin'];
const FIRST_PAGE = '[0,49]';

/**
 * A record's stream, newest first, with what each event changed: the History tab of every record.
 * `record` narrows a shared stream to one record in it (a translation, a commentary layer); `range`
 * pages it, newest first, 50 entries at a time unless asked.
 */
export function historyRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const names = actorNames(deps);
  const context = { notes: { motherNote: deps.config.LABEL_MOTHER_NOTE, aurobindoNote: deps.config.LABEL_AUTHOR_NOTE } };
  return async (app) => {
    app.get(
      '/history',
      {
        schema: {
          tags,
          summary: "A record's stream (or, with record, its events in a shared stream), newest first, with what each event changed (the History tab)",
          querystring: streamHistoryQuery,
          response: { 200: streamHistoryAnswer },
        },
      },
      async (request, reply) => {
        // A record's events share their fields with none of the stream's other events: its changes are read from them alone.
        const events = (await deps.store.readStream(request.query.streamId)).filter(aboutRecord(request.query.record));
        // A page of the entries newest first: events[first..last] counted from the newest.
        const { range } = parseListParams({ range: request.query.range ?? FIRST_PAGE }, undefined, { sort: [], filter: [] });
        const newest = events.length - 1;
        const shown = (i: number) => newest - i >= range.start && newest - i <= range.end;
        const changes = fieldChanges(events, context, shown);
        const page = events.flatMap((e, i) => (shown(i) ? [{ e, changes: changes[i]! }] : [])).reverse();
        const named = await names(
          request,
          page.map(({ e }) => e.metadata.actor),
        );
        const nameOf = await referenceNames(deps, names, request, referencesIn(page.flatMap((p) => p.changes)));
        const entries = page.map(({ e, changes }) => ({
          id: e.position.toString(),
          streamId: e.streamId,
          kind: streamKind(e.streamId),
          revision: e.revision.toString(),
          type: e.type,
          words: typeInWords(e.type),
          actor: e.metadata.actor,
          actorName: named.get(e.metadata.actor) ?? e.metadata.actor,
          correlationId: e.metadata.correlationId,
          causationId: e.metadata.causationId,
          occurredAt: new Date(e.metadata.timestamp).toISOString(),
          changes: changes.map((c) => describedChange(c, nameOf)),
        }));
        return sendList(reply, 'history', { range }, entries, events.length);
      },
    );
  };
}
