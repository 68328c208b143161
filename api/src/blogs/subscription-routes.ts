import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeBody, unsubscribedAnswer, userStream } from '@epos/schemas';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { withPosition } from '../commands.js';
import { HttpError } from '../http/error-handler.js';
import { handleCommand } from '@epos/platform';
import { Credentials } from '@epos/platform/accounts/credentials';
import { subscriptionsDecider } from '@epos/domain/accounts/subscriptions';
import { parseOr400 } from './validation.js';
import { readUnsubscribeToken } from '@epos/platform/blogs/unsubscribe-token';

/** The link in every new-post mail: stops following one blog, no login needed. */
export function subscriptionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const credentials = new Credentials(deps.database.db);
  return async (app) => {
    app.post(
      '/api/unsubscribe',
      {
        config: { permission: 'subscriptions.unsubscribe', reads: [BLOGS_PROJECTION] },
        schema: { tags: ['blogs'], summary: 'Stop mails about a blog, with the signed token from a mail', response: { 200: unsubscribedAnswer } },
      },
      async (request, reply) => {
        const { token } = parseOr400(unsubscribeBody, request.body);
        const target = await readUnsubscribeToken(deps.database, token);
        if (!target) throw new HttpError(400, 'validation', 'This unsubscribe link is not valid. Open the link from the mail again.');
        // A deleted account has no credentials left (its stream stays).
        if (!(await credentials.byId(target.userId))) throw new HttpError(404, 'not_found', 'This account no longer exists.');
        const blogs = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        // A blog since removed is named by its address.
        const title = (await blogs.selectFrom('blogs').select('title').where('blog_id', '=', target.blogId).executeTakeFirst())?.title ?? target.blogId;
        const done = { type: 1, message: `You will no longer get mails about ${title}.`, blog: target.blogId, blogTitle: title } as const;
        // Decided on the reader's own stream: opening the link again (or twice at once) records nothing more.
        const result = await handleCommand(deps.store, {
          streamId: userStream(target.userId),
          decider: subscriptionsDecider,
          command: { userId: target.userId, blogs: [target.blogId], subscribed: false },
          cause: { actor: target.userId, correlationId: String(request.id) },
        });
        return withPosition(reply, result).send(done);
      },
    );
  };
}
