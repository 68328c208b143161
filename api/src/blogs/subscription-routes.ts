import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { handleCommand } from '@epos/platform';
import { unsubscribeBody, userStream } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { HttpError } from '../plugins/error-handler.js';
import { parseOr400 } from './validation.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

/** The link in every new-post mail: stops following one blog, no login needed. */
export function subscriptionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/unsubscribe', { config: { permission: 'subscriptions.unsubscribe' }, schema: { tags: ['blogs'], summary: 'Stop mails about a blog, with the signed token from a mail' } }, async (request, reply) => {
      const { token } = parseOr400(unsubscribeBody, request.body);
      const target = await readUnsubscribeToken(deps.database.db as unknown as Kysely<unknown>, token);
      if (!target) throw new HttpError(400, 'validation', 'This unsubscribe link is not valid. Open the link from the mail again.');
      const result = await handleCommand(deps.store, {
        streamId: userStream(target.userId),
        decider: {
          initialState: { exists: false, deleted: false },
          evolve: (state, event: { type: string }) => ({ exists: true, deleted: state.deleted || event.type === 'AccountDeleted' }),
          decide: (_command: null, state) => {
            if (!state.exists || state.deleted) throw new HttpError(404, 'not_found', 'This account no longer exists.');
            return [{ type: 'SubscriptionsChanged', data: { userId: target.userId, blogs: [target.blogId], subscribed: false } }];
          },
        },
        command: null,
        cause: { actor: target.userId, correlationId: String(request.id) },
      });
      return withPosition(reply, result).send({ type: 1, message: `You will no longer get mails about ${target.blogId}.`, blog: target.blogId });
    });
  };
}
