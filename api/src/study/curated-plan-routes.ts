import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { curatedPlanAnswer, curatedPlanParams, curatedPlansAnswer, curatedPlansQuery, dayIn } from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { PLANS_PROJECTION, type PlansReadModel } from '@epos/projections/study/plans-projection';
import { curatedPlansOf } from '@epos/projections/study/plan-queries';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import type { LineIndex } from '@epos/projections/poem/line-index';
import { readModel } from '../read-models.js';
import { curatedDays, curatedSummary } from './curated-plans.js';

const tags = ['study'];
const reads = { reads: [PLANS_PROJECTION, POEM_PROJECTION] } as const;

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The editors' reading plans, for everyone: the list (with a shared calendar's portion of today) and
 * each plan's days. Mounted by the readers' plan routes, whose cached line index they share.
 */
export function curatedPlanRoutes(app: App, deps: ApiDeps, lineIndex: (request: FastifyRequest) => Promise<LineIndex>): void {
  {
    app.get(
      '/api/plans',
      {
        config: reads,
        schema: {
          tags,
          summary: "The editors' reading plans; a shared calendar's portion of the reader's day (?timeZone=)",
          querystring: curatedPlansQuery,
          response: { 200: curatedPlansAnswer },
        },
      },
      async (request, reply) => {
        const today = dayIn(request.query.timeZone, new Date());
        const [index, rows] = await Promise.all([
          lineIndex(request),
          readModel<PlansReadModel>(deps, request, PLANS_PROJECTION).then((db) => curatedPlansOf(db)),
        ]);
        reply.header('cache-control', 'no-cache');
        return { today, plans: rows.map((row) => curatedSummary(row, curatedDays(row, index), today)) };
      },
    );

    app.get(
      '/api/plans/:planId',
      {
        config: reads,
        schema: {
          tags,
          summary: "One of the editors' reading plans: every portion with its commentary (and its dates on a shared calendar)",
          params: curatedPlanParams,
          querystring: curatedPlansQuery,
          response: { 200: curatedPlanAnswer },
        },
      },
      async (request, reply) => {
        const today = dayIn(request.query.timeZone, new Date());
        const [index, rows] = await Promise.all([
          lineIndex(request),
          readModel<PlansReadModel>(deps, request, PLANS_PROJECTION).then((db) => curatedPlansOf(db, [request.params.planId])),
        ]);
        const row = rows[0];
        if (!row || row.withdrawn) throw new HttpError(404, 'not_found', 'No such reading plan');
        const days = curatedDays(row, index);
        reply.header('cache-control', 'no-cache');
        return { today, plan: { ...curatedSummary(row, days, today), days: [...days] } };
      },
    );
  }
}
