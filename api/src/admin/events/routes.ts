import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminEventDetailAnswer, adminEventsAnswer, streamHistoryAnswer, streamHistoryQuery, type AdminEventAnswer } from '@epos/schemas/admin/events';
import type { ChangeLogReadModel } from '@epos/projections/history/change-log';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.js';
import { actorNames } from '../../accounts/actor-names.js';
import { readModel } from '../../read-models.js';
import { HttpError } from '../../plugins/error-handler.js';
import { containing, parseListParams, textValues } from '../list-params.js';
import { sendList } from '../lists.js';
import { fieldChanges, recordOf, streamKind, typeInWords } from './describe.js';

const CHANGE_LOG = 'change_log';
const tags = ['admin'];
const FILTERS = ['id', 'streamId', 'kind', 'type', 'actor', 'occurredAt_gte', 'occurredAt_lte'] as const;
const SORTS = ['id', 'occurredAt'] as const;
type Change = ChangeLogReadModel['changes'];

const notFound = () => new HttpError(404, 'not_found', 'No such event');
const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);

function moment(field: string, value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw badFilter(`${field} is a date or time`);
  return new Date(value).toISOString();
}

/**
 * The audit log: every event ever appended, newest first, from the change_log projection (indexed by
 * position, stream and actor), each row linked to its record; one event with its data as stored;
 * and a stream's history with what each event changed, for the History tab of every record.
 */
export function eventRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const names = actorNames(deps);
  return async (app) => {
    const describe = async (request: Parameters<typeof names>[0], rows: readonly Change[]): Promise<AdminEventAnswer[]> => {
      const named = await names(request, rows.map((r) => r.actor));
      return rows.map((r) => ({
        id: r.position,
        streamId: r.stream_id,
        kind: streamKind(r.stream_id),
        revision: String(r.revision),
        type: r.type,
        words: typeInWords(r.type),
        actor: r.actor,
        actorName: named.get(r.actor) ?? r.actor,
        correlationId: r.correlation_id,
        causationId: r.causation_id,
        occurredAt: new Date(r.occurred_at).toISOString(),
        record: recordOf(r.stream_id),
      }));
    };

    app.get(
      '/events',
      { schema: { tags, summary: 'The audit log: every event, newest first; filter by stream, kind, type, actor and time', querystring: adminListQuery, response: { 200: adminEventsAnswer } } },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<ChangeLogReadModel>(deps, request, CHANGE_LOG);
        let rows = db.selectFrom('changes');
        const f = params.filter;
        if (f.id !== undefined) rows = rows.where('position', 'in', textValues('id', f.id).filter((v) => /^\d{1,19}$/.test(v)).concat(['-1']));
        if (f.streamId !== undefined) rows = rows.where('stream_id', 'in', textValues('streamId', f.streamId));
        if (f.kind !== undefined) rows = rows.where((eb) => eb.or(textValues('kind', f.kind).map((kind) => eb('stream_id', 'like', `${kind.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`))));
        if (f.type !== undefined) rows = rows.where('type', 'in', textValues('type', f.type));
        if (f.actor !== undefined) rows = rows.where('actor', 'in', textValues('actor', f.actor));
        if (f.occurredAt_gte !== undefined) rows = rows.where('occurred_at', '>=', moment('occurredAt_gte', f.occurredAt_gte));
        if (f.occurredAt_lte !== undefined) rows = rows.where('occurred_at', '<=', moment('occurredAt_lte', f.occurredAt_lte));
        if (params.q !== '') rows = rows.where((eb) => eb.or([eb('type', 'ilike', containing(params.q)), eb('stream_id', 'ilike', containing(params.q))]));
        // position orders the log; occurred_at follows it (appends are in time order)
        const order = params.sort?.order ?? 'desc';
        const page = rows
          .selectAll()
          .orderBy('position', order)
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1);
        const [found, total] = await Promise.all([page.execute(), rows.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()]);
        return sendList(reply, 'events', params, await describe(request, found), Number(total.total));
      },
    );

    app.get(
      '/events/:id',
      { schema: { tags, summary: 'One event with its data as stored (personal fields stay sealed)', params: z.object({ id: z.string().max(20) }), response: { 200: adminEventDetailAnswer } } },
      async (request, reply) => {
        if (!/^\d{1,19}$/.test(request.params.id)) throw notFound();
        const db = await readModel<ChangeLogReadModel>(deps, request, CHANGE_LOG);
        const row = await db.selectFrom('changes').selectAll().where('position', '=', request.params.id).executeTakeFirst();
        if (!row) throw notFound();
        const [event] = await deps.store.readAll({ after: BigInt(row.position) - 1n, maxCount: 1 });
        const [described] = await describe(request, [row]);
        reply.header('cache-control', 'private, no-store');
        return { ...described!, data: event?.data ?? null };
      },
    );

    app.get(
      '/history',
      { schema: { tags, summary: "A record's stream, newest first, with what each event changed (the History tab)", querystring: streamHistoryQuery, response: { 200: streamHistoryAnswer } } },
      async (request, reply) => {
        const events = await deps.store.readStream(request.query.streamId);
        const changes = fieldChanges(events);
        const named = await names(request, events.map((e) => e.metadata.actor));
        reply.header('cache-control', 'private, no-store');
        return events
          .map((e, i) => ({
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
            changes: changes[i]!,
          }))
          .reverse();
      },
    );
  };
}
