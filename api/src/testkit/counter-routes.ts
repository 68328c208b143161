import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleCommand } from '@epos/platform';
import { counterDecider } from '@epos/platform/testkit/counter-decider';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { readModel } from '../read-models.js';
import type { CounterReadModel } from '@epos/platform/testkit/counter-projection';
import { HttpError } from '../plugins/error-handler.js';
import { apiErrorSchema } from '@epos/schemas';

const params = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'letters, digits and dashes only') });
const done = z.object({ ok: z.literal(true) });

/** The platform's sample feature over HTTP, mounted only by tests and benchmarks. */
export function counterRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/testkit/counters/:id',
      { config: { permission: 'testkit.counters' }, schema: { params, body: z.object({ name: z.string().min(1, 'is required') }), response: { 201: done } } },
      async (request, reply) => {
        const result = await handleCommand(deps.store, {
          streamId: `counter-${request.params.id}`,
          decider: counterDecider,
          command: { kind: 'open', name: request.body.name },
          cause: causeOf(request),
        });
        return withPosition(reply.code(201), result).send({ ok: true });
      },
    );
    app.post(
      '/api/testkit/counters/:id/increments',
      {
        config: { permission: 'testkit.counters' },
        schema: {
          params,
          body: z.object({ by: z.number().int().positive(), expectedRevision: z.number().int().min(0).optional() }),
          response: { 200: done },
        },
      },
      async (request, reply) => {
        const { by, expectedRevision } = request.body;
        const result = await handleCommand(deps.store, {
          streamId: `counter-${request.params.id}`,
          decider: counterDecider,
          command: { kind: 'increment', by },
          cause: causeOf(request),
          ...(expectedRevision === undefined ? {} : { expectedRevision: BigInt(expectedRevision) }),
        });
        return withPosition(reply, result).send({ ok: true });
      },
    );
    app.get(
      '/api/testkit/counters/:id',
      { schema: { params, response: { 200: z.object({ name: z.string(), total: z.number().int() }) } }, config: { reads: ['counters'] } },
      async (request) => {
        const db = await readModel<CounterReadModel>(deps, request, 'counters');
        const row = await db.selectFrom('counters').select(['name', 'total']).where('id', '=', `counter-${request.params.id}`).executeTakeFirst();
        if (!row) throw new HttpError(404, 'not_found', 'Not Found');
        return row;
      },
    );
    // Always fails: the error handler's 500 is its only answer.
    app.get('/api/testkit/boom', { schema: { response: { 200: z.never(), 500: apiErrorSchema } } }, async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
  };
}
