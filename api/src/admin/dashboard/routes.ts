import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { adminDashboardAnswer } from '@epos/schemas/admin/dashboard';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { SUGGESTIONS_PROJECTION, type SuggestionsReadModel } from '@epos/projections/suggestions/suggestions-projection';
import type { ApiDeps } from '../../deps.js';
import { readModel } from '../../read-models.js';

const tags = ['admin'];
const RECENT_COMMENT_DAYS = 7;
const total = sql<string>`count(*)`.as('total');

/** The dashboard's counts, each one count(*) on an indexed read model. */
export function dashboardRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        config: { reads: [USERS_PROJECTION, BLOGS_PROJECTION, POEM_PROJECTION, SUGGESTIONS_PROJECTION] },
        schema: {
          tags,
          summary: 'Counts: users, posts, sentences, comments awaiting moderation and suggestions awaiting review',
          response: { 200: adminDashboardAnswer },
        },
      },
      async (request, reply) => {
        const [people, blogs, poem, suggested] = await Promise.all([
          readModel<UsersReadModel>(deps, request, USERS_PROJECTION),
          readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION),
          readModel<PoemReadModel>(deps, request, POEM_PROJECTION),
          readModel<SuggestionsReadModel>(deps, request, SUGGESTIONS_PROJECTION),
        ]);
        const since = new Date(Date.now() - RECENT_COMMENT_DAYS * 24 * 3600 * 1000).toISOString();
        const [users, posts, sentences, comments, suggestions] = await Promise.all([
          people.selectFrom('users').select(total).where('deleted', '=', false).executeTakeFirstOrThrow(),
          blogs.selectFrom('posts').select(total).executeTakeFirstOrThrow(),
          poem.selectFrom('sentences').select(total).where('sentence', 'is not', null).executeTakeFirstOrThrow(),
          blogs.selectFrom('comments').select(total).where('created_at', '>=', since).executeTakeFirstOrThrow(),
          suggested.selectFrom('suggestions').select(total).where('status', '=', 'open').executeTakeFirstOrThrow(),
        ]);
        reply.header('cache-control', 'private, no-store');
        return {
          users: Number(users.total),
          posts: Number(posts.total),
          sentences: Number(sentences.total),
          commentsAwaitingModeration: Number(comments.total),
          suggestionsAwaitingReview: Number(suggestions.total),
        };
      },
    );
  };
}
