import type { Config, Database, ProjectionProgress } from '@epos/platform';
import { mailOnce } from '@epos/platform/mail/index';
import { notifySubscribers, publishScheduledPost } from '@epos/platform/blogs/jobs';
import { newPostMail } from './mails.js';
import { unsubscribeToken } from '@epos/platform/blogs/unsubscribe-token';
import { postsWithAuthor } from '@epos/projections/blogs/queries';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { ReadModelBehindError } from '../reactor-context.js';
import { handle, type JobRegistration } from '../runner.js';
import { publishIfDue, type PublishingContext } from './publish-post.js';

export type BlogWorkerContext = PublishingContext & { progress: ProjectionProgress; config: Config; database: Database };

export function publishScheduledPostHandler(context: BlogWorkerContext): JobRegistration {
  return handle(
    publishScheduledPost,
    async ({ postId }) => {
      await publishIfDue(context, postId);
    },
    { concurrency: 20 },
  );
}

/** One mail to each subscriber of the blog (each mail's job id names post and reader, so neither a retry nor a replay sends one twice). */
export function notifySubscribersHandler(context: BlogWorkerContext): JobRegistration {
  return handle(notifySubscribers, async ({ postId }) => {
    const names = [BLOGS_PROJECTION, USERS_PROJECTION];
    const head = await context.store.headPosition();
    // Behind the log, the post may look unpublished: fail and retry rather than complete having sent nothing.
    if (!(await context.progress.waitFor(head, { names, timeoutMs: 10_000 }))) throw new ReadModelBehindError(names, head);
    const blogs = await context.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
    const post = await postsWithAuthor(blogs)
      .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
      .select('blogs.title as blog_title')
      .where('posts.post_id', '=', postId)
      .where('posts.status', '=', 'published')
      .executeTakeFirst();
    if (!post) return;
    const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    const subscribers = await users
      .selectFrom('users')
      .select(['user_id', 'name', 'email'])
      .where('deleted', '=', false)
      .where('email_confirmed', '=', true)
      .where('subscriptions', '@>', JSON.stringify([post.blog_id]) as unknown as string[])
      .execute();
    for (const reader of subscribers) {
      if (!reader.email || reader.user_id === post.author_id) continue;
      const to = reader.email;
      await mailOnce(context, `post-${postId}-${reader.user_id}`, async () =>
        newPostMail(context.config, {
          to,
          name: reader.name,
          blogTitle: post.blog_title,
          post: { blog_id: post.blog_id, url: post.url, title: post.title, excerpt: post.excerpt, author: post.author },
          unsubscribeToken: await unsubscribeToken(context.database, reader.user_id, post.blog_id),
        }),
      );
    }
  });
}
