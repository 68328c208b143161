import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { z } from 'zod';
import { handleCommand } from '@epos/platform';
import { counterDecider } from '@epos/platform/testkit/counter-decider';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { readModel } from '../read-models.js';
import type { CounterReadModel } from '@epos/platform/testkit/counter-projection';
import { HttpError } from '../http/error-handler.js';
import { signedInUser } from '../accounts/security.js';
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
    // A signed-in read that takes its time, its answer built at once or sent in slow pieces: what a
    // session that ends while it runs must not receive.
    app.get(
      '/api/testkit/slowly-me',
      {
        schema: {
          querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000), pieces: z.coerce.number().int().min(1).max(100).default(1) }),
          response: { 200: z.object({ userId: z.string() }) },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { ms, pieces } = request.query;
        reply.header('cache-control', 'private, max-age=60');
        if (pieces === 1) {
          await setTimeout(ms);
          return { userId };
        }
        const body = JSON.stringify({ userId });
        const slowly = async function* () {
          for (let i = 0; i < pieces; i++) {
            if (i > 0) await setTimeout(ms / pieces);
            yield body.slice(Math.floor((i * body.length) / pieces), Math.floor(((i + 1) * body.length) / pieces));
          }
        };
        return reply.type('application/json; charset=utf-8').send(Readable.from(slowly()) as unknown as { userId: string });
      },
    );
    // Always fails: the error handler's 500 is its only answer.
    app.get('/api/testkit/boom', { schema: { response: { 200: z.never(), 500: apiErrorSchema } } }, async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
  };
}
