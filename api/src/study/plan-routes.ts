import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dayIn,
  MAX_PLAN_DAYS,
  myPlansAnswer,
  myPlansQuery,
  planAnswer,
  planIdParams,
  planReadBody,
  reschedulePlanBody,
  startPlanBody,
  type StartPlanBody,
  type PlanPortion,
  type PlanToday,
} from '@epos/schemas';
import { addDays, daysAtPace, daysBetween, planDay, PlanText, type PlanState } from '@epos/domain/study/plan-schedule';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { LineIndex } from '@epos/projections/poem/line-index';
import { PLANS_PROJECTION, type PlansReadModel } from '@epos/projections/study/plans-projection';
import { curatedPlansOf, plansOf, type CuratedPlanRow } from '@epos/projections/study/plan-queries';
import { followingDays, notesFor } from './curated-plans.js';
import { curatedPlanRoutes } from './curated-plan-routes.js';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { parseOr400 } from '../blogs/validation.js';
import { invalidField } from '../http/error-handler.js';
import { listenWithApp } from '../http/change-cache.js';
import { signedInUser } from '../accounts/security.js';
import { PoemCache } from '../poem/poem-cache.js';
import { cachedLineIndex } from '../poem/poem-reader.js';
import { readModel } from '../read-models.js';
import { studyCommands } from './study-commands.js';

const tags = ['study'];
const reads = { reads: [PLANS_PROJECTION, POEM_PROJECTION] } as const;
const write = { permission: 'study.plan', ...reads } as const;
/** How far from today a plan may start: a year either way. */
const START_WITHIN_DAYS = 366;

/** What the reader reads next: what is behind through today's portion (or, with nothing due, what comes next). */
function readingNow(day: ReturnType<typeof planDay>): Pick<PlanPortion, 'from' | 'to'> | null {
  const first = day.catchUp ?? day.today ?? day.ahead;
  const last = day.today ?? day.catchUp ?? day.ahead;
  return first && last ? { from: first.from, to: last.to } : null;
}

type PlanRecord = PlanState & { planId: string; curatedPlanId: string | null };
type CuratedById = ReadonlyMap<string, CuratedPlanRow>;

/** A plan as the reader sees it on their day `today` (with the editors' commentary when it follows theirs). */
function planView(index: LineIndex, plan: PlanRecord, today: string, curated: CuratedById): PlanToday {
  const first = index.places[0];
  const last = index.places.at(-1);
  const whole =
    first !== undefined &&
    last !== undefined &&
    plan.fromBook === first.book &&
    plan.fromCanto === first.canto &&
    plan.toBook === last.book &&
    plan.toCanto === last.canto;
  const day = planDay(index.places, plan, today);
  const editors = plan.curatedPlanId === null ? undefined : curated.get(plan.curatedPlanId);
  return {
    planId: plan.planId,
    curated: editors ? { planId: editors.plan_id, title: editors.title, notes: notesFor(editors, index, readingNow(day)) } : null,
    whole,
    from: { book: plan.fromBook, canto: plan.fromCanto },
    to: { book: plan.toBook, canto: plan.toCanto },
    startDay: plan.startDay,
    endDay: plan.endDay,
    ...day,
  };
}

/** What a new plan reads and when: the reader's cantos and pace, or the editors' plan it follows (on its calendar's dates when it has them). */
function scheduleOf(body: StartPlanBody, editors: CuratedPlanRow | undefined, index: LineIndex, today: string) {
  const first = index.places[0];
  const last = index.places.at(-1);
  if (!first || !last) throw invalidField('from', 'The poem has no text to plan yet');
  const from = editors ? { book: editors.from_book, canto: editors.from_canto } : (body.from ?? { book: first.book, canto: first.canto });
  const to = editors ? { book: editors.to_book, canto: editors.to_canto } : (body.to ?? { book: last.book, canto: last.canto });
  for (const [field, ref] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!index.sectionsOf.has(`${ref.book}.${ref.canto}`)) throw invalidField(field, `${field}: the poem has no canto ${ref.canto} in book ${ref.book}`);
  const startDay = body.startDay ?? editors?.calendar_start ?? today;
  if (Math.abs(daysBetween(today, startDay)) > START_WITHIN_DAYS) throw invalidField('startDay', 'startDay: a plan starts within a year of today');
  const scope = { fromBook: from.book, fromCanto: from.canto, toBook: to.book, toCanto: to.canto };
  const days = editors ? followingDays(editors, index) : (body.days ?? daysAtPace(new PlanText(index.places, scope).lines, body.linesPerDay!));
  if (days > MAX_PLAN_DAYS)
    throw invalidField(
      editors ? 'curated' : 'linesPerDay',
      editors
        ? `curated: this plan takes ${days.toLocaleString('en')} days; the longest is ${MAX_PLAN_DAYS.toLocaleString('en')}`
        : `linesPerDay: at ${body.linesPerDay} lines a day the plan takes ${days.toLocaleString('en')} days; the longest is ${MAX_PLAN_DAYS.toLocaleString('en')}`,
    );
  return { scope, startDay, days };
}

/** A reader's reading plans: started over cantos and days, read through, rescheduled when behind, stopped. */
export function planRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { run } = studyCommands(deps);
  const plans = (request: FastifyRequest) => readModel<PlansReadModel>(deps, request, PLANS_PROJECTION);

  const plansOfReader = async (request: FastifyRequest, userId: string, planId?: string): Promise<PlanRecord[]> =>
    (await plansOf(await plans(request), userId, planId)).map((r) => ({
      planId: r.plan_id,
      fromBook: r.from_book,
      fromCanto: r.from_canto,
      toBook: r.to_book,
      toCanto: r.to_canto,
      startDay: r.start_day,
      endDay: r.end_day,
      scheduleFrom: r.schedule_from,
      scheduleAfter: { id: r.after_id, lines: r.after_lines },
      read: { id: r.read_id, lines: r.read_lines },
      curatedPlanId: r.curated_plan_id,
    }));
  /** The editors' plans these plans follow (withdrawn ones too: their followers keep the commentary). */
  const curatedOf = async (request: FastifyRequest, list: readonly PlanRecord[]): Promise<CuratedById> => {
    const ids = [...new Set(list.flatMap((p) => (p.curatedPlanId === null ? [] : [p.curatedPlanId])))];
    if (ids.length === 0) return new Map();
    return new Map((await curatedPlansOf(await plans(request), ids)).map((row) => [row.plan_id, row]));
  };
  const views = async (request: FastifyRequest, index: LineIndex, list: readonly PlanRecord[], today: string) => {
    const curated = await curatedOf(request, list);
    return list.map((plan) => planView(index, plan, today, curated));
  };
  const viewOf = async (request: FastifyRequest, index: LineIndex, plan: PlanRecord | undefined, today: string) =>
    plan ? (await views(request, index, [plan], today))[0]! : null;

  return async (app) => {
    const cache = new PoemCache(deps.database, deps.memory);
    await listenWithApp(app, cache, deps.logger, 'plans');
    const lineIndex = (request: FastifyRequest) => cachedLineIndex(deps, cache, request);
    curatedPlanRoutes(app, deps, lineIndex);

    app.post(
      '/api/my/plans',
      {
        config: write,
        schema: {
          tags,
          summary: 'Start a reading plan: the whole poem or cantos from…to, in so many days or at so many lines a day',
          response: { 200: planAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(startPlanBody, request.body);
        const index = await lineIndex(request);
        const today = dayIn(body.timeZone, new Date());
        const editors = body.curated === undefined ? undefined : (await curatedPlansOf(await plans(request), [body.curated]))[0];
        if (body.curated !== undefined && (!editors || editors.withdrawn)) throw invalidField('curated', 'curated: there is no such reading plan to follow');
        const { scope, startDay, days } = scheduleOf(body, editors, index, today);
        const planId = randomUUID();
        const started = { planId, ...scope, startDay, endDay: addDays(startDay, days - 1), ...(editors ? { curatedPlanId: editors.plan_id } : {}) };
        const standing = (await plansOfReader(request, userId)).length;
        const result = await run(request, userId, { kind: 'startPlan', plan: started, standing });
        const nothing = { id: null, lines: 0 };
        const plan = { ...started, curatedPlanId: editors?.plan_id ?? null, scheduleFrom: startDay, scheduleAfter: nothing, read: nothing };
        return withPosition(reply, result).send({ plan: await viewOf(request, index, plan, today) });
      },
    );

    app.get(
      '/api/my/plans',
      {
        config: reads,
        schema: {
          tags,
          summary: "The signed-in reader's plans on their day (?timeZone=): today's portion, what is behind, and the ways back on schedule",
          querystring: myPlansQuery,
          response: { 200: myPlansAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const today = dayIn(request.query.timeZone, new Date());
        const [index, list] = await Promise.all([lineIndex(request), plansOfReader(request, userId)]);
        reply.header('cache-control', 'private, no-store');
        return { today, plans: await views(request, index, list, today) };
      },
    );

    const one = async (request: FastifyRequest, userId: string, planId: string) => (await plansOfReader(request, userId, planId))[0];

    app.post(
      '/api/my/plans/:planId/read',
      {
        config: write,
        schema: {
          tags,
          summary: 'Mark the plan read through a sentence (its running number), or nothing read with null',
          params: planIdParams,
          response: { 200: planAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(planReadBody, request.body);
        const [index, plan] = await Promise.all([lineIndex(request), one(request, userId, request.params.planId)]);
        let read = { id: null as number | null, lines: 0 };
        if (plan && body.through !== null) {
          const place = index.bySentence.get(body.through);
          const pointer = place ? new PlanText(index.places, plan).pointerTo(place.id) : null;
          if (!pointer) throw invalidField('through', `through: sentence ${body.through} is not in this plan`);
          read = pointer;
        }
        const result = await run(request, userId, {
          kind: 'readPlan',
          exists: plan !== undefined,
          current: plan?.read.id ?? null,
          read: { planId: request.params.planId, through: read.id, linesDone: read.lines },
        });
        return withPosition(reply, result).send({ plan: await viewOf(request, index, plan ? { ...plan, read } : undefined, dayIn(body.timeZone, new Date())) });
      },
    );

    app.post(
      '/api/my/plans/:planId/reschedule',
      {
        config: write,
        schema: {
          tags,
          summary: 'Behind a plan: spread what is left to the same end (repace), or keep the pace and move the end (moveEnd)',
          params: planIdParams,
          response: { 200: planAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(reschedulePlanBody, request.body);
        const [index, plan] = await Promise.all([lineIndex(request), one(request, userId, request.params.planId)]);
        const today = dayIn(body.timeZone, new Date());
        const now = plan ? planDay(index.places, plan, today) : null;
        const endDay = body.how === 'repace' ? now?.repaceTo : now?.moveEndTo;
        const to = endDay ? { fromDay: today, endDay } : null;
        const result = await run(request, userId, { kind: 'reschedulePlan', planId: request.params.planId, exists: plan !== undefined, to });
        const after = plan && to ? { ...plan, scheduleFrom: to.fromDay, endDay: to.endDay, scheduleAfter: plan.read } : plan;
        return withPosition(reply, result).send({ plan: await viewOf(request, index, after, today) });
      },
    );

    app.delete(
      '/api/my/plans/:planId',
      { config: write, schema: { tags, summary: 'Stop following a plan', params: planIdParams, response: { 200: planAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const plan = await one(request, userId, request.params.planId);
        const result = await run(request, userId, { kind: 'stopPlan', planId: request.params.planId, exists: plan !== undefined });
        return withPosition(reply, result).send({ plan: null });
      },
    );
  };
}
