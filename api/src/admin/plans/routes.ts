import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand, type Position } from '@epos/platform';
import {
  adminCuratedPlanAnswer,
  adminCuratedPlanBody,
  adminCuratedPlansAnswer,
  adminRecordParams,
  curatedPlanStream,
  type AdminCuratedPlan,
  type AdminCuratedPlanBody,
  type CuratedPlanContent,
} from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { cantosBetween } from '@epos/domain/study/plan-schedule';
import { curatedPlanDecider, type CuratedPlanCommand } from '@epos/domain/study/curated-plan-decider';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { LineIndex } from '@epos/projections/poem/line-index';
import { PLANS_PROJECTION, type PlansReadModel } from '@epos/projections/study/plans-projection';
import { curatedPlansOf, followersOf, type CuratedPlanRow } from '@epos/projections/study/plan-queries';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { afterWrite, readModel } from '../../read-models.js';
import { HttpError, invalidField } from '../../http/error-handler.js';
import { parseOr400 } from '../../blogs/validation.js';
import { poemQueries } from '../../poem/poem-reader.js';
import { curatedDays, notesOf } from '../../study/curated-plans.js';
import { parseListParams, uuidValues } from '../list-params.js';
import { sendList } from '../lists.js';

const tags = ['admin'];
const SORTS = ['title', 'updated_at', 'created_at', 'followers'] as const;
const FILTERS = ['id'] as const;
const curate = { permission: 'plans.curate' } as const;
const notFound = () => new HttpError(404, 'not_found', 'No such reading plan');
const iso = (value: string | Date) => new Date(value).toISOString();

function record(row: CuratedPlanRow, index: LineIndex, followers: number): AdminCuratedPlan {
  const schedule = curatedDays(row, index);
  const notes = notesOf(row);
  return {
    id: row.plan_id,
    title: row.title,
    summary: row.summary,
    from_book: row.from_book,
    from_canto: row.from_canto,
    to_book: row.to_book,
    to_canto: row.to_canto,
    split: row.split,
    every: row.every,
    days: row.portions,
    calendar_start: row.calendar_start,
    notes: schedule.map((_, k) => ({ note: notes.get(k + 1) ?? '' })),
    schedule: schedule.map((day) => ({ id: day.day, ...day })),
    followers,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** What the console sent, checked against the poem: its cantos exist; by canto, as many portions as cantos between. */
function contentOf(body: AdminCuratedPlanBody, index: LineIndex): { content: CuratedPlanContent; notes: string[] } {
  for (const [book, canto, field] of [
    [body.from_book, body.from_canto, 'from_canto'],
    [body.to_book, body.to_canto, 'to_canto'],
  ] as const)
    if (!index.sectionsOf.has(`${book}.${canto}`)) throw invalidField(field, `${field}: the poem has no canto ${canto} in book ${book}`);
  const scope = { fromBook: body.from_book, fromCanto: body.from_canto, toBook: body.to_book, toCanto: body.to_canto };
  const portions = body.split === 'cantos' ? cantosBetween(index.places, scope) : body.days;
  if (portions === null || portions === undefined) throw invalidField('days', 'days: how many portions, when split by lines');
  if (portions < 1) throw invalidField('to_canto', 'to_canto: the plan ends before it starts');
  return {
    content: { title: body.title, summary: body.summary, ...scope, split: body.split, every: body.every, portions, calendarStart: body.calendar_start },
    notes: body.notes.map((n) => n.note ?? ''),
  };
}

/** The editors' reading plans and shared calendars in the console: list, show, make, change, withdraw. History: `curated-plan-<id>`. */
export function curatedPlanAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const lineIndex = async (request: FastifyRequest) => (await poemQueries(deps, request)).lineIndex();
  const plansDb = (request: FastifyRequest) => readModel<PlansReadModel>(deps, request, PLANS_PROJECTION);
  const records = async (request: FastifyRequest, ids?: readonly string[]) => {
    const [index, db] = await Promise.all([lineIndex(request), plansDb(request)]);
    const rows = (await curatedPlansOf(db, ids)).filter((row) => !row.withdrawn);
    const followers = await followersOf(
      db,
      rows.map((r) => r.plan_id),
    );
    return rows.map((row) => record(row, index, followers.get(row.plan_id) ?? 0));
  };
  const current = async (request: FastifyRequest, id: string, position: Position | null) => {
    if (position !== null) await afterWrite(deps, position, [PLANS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    const found = (await records(request, [id]))[0];
    if (!found) throw notFound();
    return found;
  };
  const run = (request: FastifyRequest, planId: string, command: CuratedPlanCommand) =>
    handleCommand(deps.store, { streamId: curatedPlanStream(planId), decider: curatedPlanDecider, command, cause: causeOf(request) });

  return async (app) => {
    const reads = { reads: [PLANS_PROJECTION, POEM_PROJECTION] } as const;
    app.get(
      '/plans',
      {
        config: reads,
        schema: { tags, summary: "The editors' reading plans; q searches titles", querystring: adminListQuery, response: { 200: adminCuratedPlansAnswer } },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        let all = await records(request, params.filter.id === undefined ? undefined : uuidValues('id', params.filter.id));
        if (params.q !== '') all = all.filter((p) => p.title.toLowerCase().includes(params.q.toLowerCase()));
        const field = params.sort?.field ?? 'title';
        const sign = params.sort?.order === 'desc' ? -1 : 1;
        all.sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : 1));
        return sendList(reply, 'plans', params, all.slice(params.range.start, params.range.end + 1), all.length);
      },
    );

    app.get(
      '/plans/:id',
      {
        config: reads,
        schema: {
          tags,
          summary: "One of the editors' plans, with its portions as the poem stands",
          params: adminRecordParams,
          response: { 200: adminCuratedPlanAnswer },
        },
      },
      async (request) => current(request, request.params.id, null),
    );

    app.post(
      '/plans',
      { config: { ...curate, ...reads }, schema: { tags, summary: 'Make a reading plan (or a shared calendar)', response: { 200: adminCuratedPlanAnswer } } },
      async (request, reply) => {
        const { content, notes } = contentOf(parseOr400(adminCuratedPlanBody, request.body), await lineIndex(request));
        const planId = randomUUID();
        const result = await run(request, planId, { kind: 'save', planId, content, notes });
        return withPosition(reply, result).send(await current(request, planId, result.position));
      },
    );

    app.put(
      '/plans/:id',
      {
        config: { ...curate, ...reads },
        schema: {
          tags,
          summary: 'Change a reading plan: its cantos, pace, calendar and commentary',
          params: adminRecordParams,
          response: { 200: adminCuratedPlanAnswer },
        },
      },
      async (request, reply) => {
        const { content, notes } = contentOf(parseOr400(adminCuratedPlanBody, request.body), await lineIndex(request));
        await current(request, request.params.id, null);
        const result = await run(request, request.params.id, { kind: 'save', planId: request.params.id, content, notes });
        return withPosition(reply, result).send(await current(request, request.params.id, result.position));
      },
    );

    app.delete(
      '/plans/:id',
      {
        config: { ...curate, ...reads },
        schema: {
          tags,
          summary: 'Withdraw a reading plan (its followers keep theirs; its history stays)',
          params: adminRecordParams,
          response: { 200: adminCuratedPlanAnswer },
        },
      },
      async (request, reply) => {
        const before = await current(request, request.params.id, null);
        const result = await run(request, request.params.id, { kind: 'withdraw' });
        return withPosition(reply, result).send(before);
      },
    );
  };
}
