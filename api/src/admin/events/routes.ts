import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { EVENT_POSITION_PATTERN, eventCatalog } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminEventDetailAnswer, adminEventsAnswer, type AdminEventAnswer } from '@epos/schemas/admin/events';
import { CHANGE_LOG_PROJECTION, type ChangeLogReadModel } from '@epos/projections/history/change-log';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.js';
import { actorNames } from '../../accounts/actor-names.js';
import { readModel } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { parseListParams, textValues } from '../list-params.js';
import { rowsOfPage, sendList, totalUpTo } from '../lists.js';
import { streamKind } from '@epos/schemas/events/stream-kind';
import { recordOf, typeInWords } from './describe.js';

const tags = ['admin'];
const FILTERS = ['id', 'streamId', 'kind', 'type', 'actor', 'occurredAt_gte', 'occurredAt_lte'] as const;
const SORTS = ['id', 'occurredAt'] as const;
type Change = ChangeLogReadModel['changes'];

const notFound = () => new HttpError(404, 'not_found', 'No such event');
const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);

/** The product's event types whose name ("SentenceTextSet") or words ("Sentence text set") hold `q`, any case. */
function typesMatching(q: string): string[] {
  const wanted = q.toLowerCase();
  return eventCatalog
    .map((e) => e.type)
    .filter((type) => type.toLowerCase().includes(wanted.replace(/\s+/g, '')) || typeInWords(type).toLowerCase().includes(wanted));
}

function moment(field: string, value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  // JavaScript dates reach the year 275760, PostgreSQL's timestamps and ISO 8601's plain form do not.
  const iso = Number.isNaN(time) ? '' : new Date(time).toISOString();
  if (!/^\d{4}-/.test(iso) || iso.startsWith('0000')) throw badFilter(`${field} is a date or time between the years 1 and 9999`);
  return iso;
}

/**
 * The audit log: every event ever appended, newest first, from the change_log projection (indexed by
 * position, stream and actor), each row linked to its record and one event with its data as stored.
 */
export function eventRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const names = actorNames(deps);
  return async (app) => {
    const describe = async (request: Parameters<typeof names>[0], rows: readonly Change[]): Promise<AdminEventAnswer[]> => {
      const named = await names(
        request,
        rows.map((r) => r.actor),
      );
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
      {
        schema: {
          tags,
          summary: 'The audit log: every event, newest first; filter by stream, kind, type, actor and time; q finds the types whose name or words hold it',
          querystring: adminListQuery,
          response: { 200: adminEventsAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<ChangeLogReadModel>(deps, request, CHANGE_LOG_PROJECTION);
        let rows = db.selectFrom('changes');
        const f = params.filter;
        // One value of an indexed column (x, position) leads the order, so the page is a walk along
        // that index: by position alone PostgreSQL may walk back over most of the log to find an actor
        // whose events are all old. Asked as a range of one value, since an equality would let the
        // planner drop the leading column from the order and pick the walk by position again.
        let leading: 'stream_id' | 'actor' | 'type' | 'kind' | null = null;
        const equal = (column: NonNullable<typeof leading>, values: string[]) => {
          if (values.length === 1 && leading === null) {
            leading = column;
            rows = rows.where(column, '>=', values[0]!).where(column, '<=', values[0]!);
          } else rows = rows.where(column, 'in', values);
        };
        if (f.id !== undefined)
          rows = rows.where(
            'position',
            'in',
            textValues('id', f.id)
              .filter((v) => EVENT_POSITION_PATTERN.test(v))
              .concat(['-1']),
          );
        if (f.streamId !== undefined) equal('stream_id', textValues('streamId', f.streamId));
        if (f.actor !== undefined) equal('actor', textValues('actor', f.actor));
        if (f.type !== undefined) equal('type', textValues('type', f.type));
        if (f.kind !== undefined) equal('kind', textValues('kind', f.kind));
        if (f.occurredAt_gte !== undefined) rows = rows.where('occurred_at', '>=', moment('occurredAt_gte', f.occurredAt_gte));
        if (f.occurredAt_lte !== undefined) rows = rows.where('occurred_at', '<=', moment('occurredAt_lte', f.occurredAt_lte));
        // q finds events by what happened: the types whose name or words hold it, each walked on its own index.
        const searched = params.q === '' ? null : typesMatching(params.q).filter((t) => f.type === undefined || textValues('type', f.type).includes(t));
        if (searched?.length === 1) equal('type', searched);
        else if (searched) rows = rows.where('type', 'in', [...searched, '']);
        // position orders the log; occurred_at follows it (appends are in time order)
        const order = params.sort?.order ?? 'desc';
        const { start, end } = params.range;
        const walk = (along: typeof rows, column: typeof leading) =>
          along
            .select('position')
            .$if(column !== null, (q) => q.orderBy(column!, order))
            .orderBy('position', order);
        let positions: Promise<{ position: string }[]>;
        if (searched && searched.length > 1) {
          // Each type's newest page, merged: one walk per type instead of one back over the whole log.
          const arms = searched.map((type) => sql`(${walk(rows.where('type', '>=', type).where('type', '<=', type), 'type').limit(end + 1)})`);
          positions = sql<{
            position: string;
          }>`select position from (${sql.join(arms, sql` union all `)}) as merged order by position ${sql.raw(order)} offset ${start} limit ${end - start + 1}`
            .execute(db)
            .then((r) => r.rows);
        } else
          positions = walk(rows, leading)
            .offset(start)
            .limit(end - start + 1)
            .execute();
        const [page, total] = await Promise.all([positions, totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
        const found = await rowsOfPage(
          page.map((p) => String(p.position)),
          (wanted) => db.selectFrom('changes').selectAll().where('position', 'in', wanted).execute(),
          (row) => String(row.position),
        );
        return sendList(reply, 'events', params, await describe(request, found), total);
      },
    );

    app.get(
      '/events/:id',
      {
        schema: {
          tags,
          summary: 'One event with its data as stored (personal fields stay sealed)',
          params: z.object({ id: z.string().max(20) }),
          response: { 200: adminEventDetailAnswer },
        },
      },
      async (request, reply) => {
        if (!EVENT_POSITION_PATTERN.test(request.params.id)) throw notFound();
        const db = await readModel<ChangeLogReadModel>(deps, request, CHANGE_LOG_PROJECTION);
        const row = await db.selectFrom('changes').selectAll().where('position', '=', request.params.id).executeTakeFirst();
        if (!row) throw notFound();
        const [event] = await deps.store.readAll({ after: BigInt(row.position) - 1n, maxCount: 1 });
        const [described] = await describe(request, [row]);
        reply.header('cache-control', 'private, no-store');
        return { ...described!, data: event?.data ?? null };
      },
    );
  };
}
