import type { RecordedOf } from '@epos/platform';
import { enqueueOnce, JobRunningError } from '@epos/platform/jobs/index';
import { mailOnce } from '@epos/platform/mail/index';
import { commentPosted, postDeleted, postPublished, postScheduled, postUnscheduled } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { defineWorkerReactor, isNews, readModelsAt, type ReactorContext } from '../reactor-context.js';
import { notifySubscribers, publishScheduledPost, queuePublishing } from '@epos/platform/blogs/jobs';
import { commentMail } from './mails.js';

async function cancelPublishing(context: ReactorContext, postId: string): Promise<void> {
  try {
    await context.jobs.cancel(publishScheduledPost, postId);
  } catch (error) {
    // A run in progress re-reads the post and finds it no longer scheduled.
    if (!(error instanceof JobRunningError)) throw error;
    context.logger.info({ postId }, 'publishing job already running; it will find the post unscheduled');
  }
}

/** The post's author hears of a comment by someone else. */
async function mailCommentAuthor(event: RecordedOf<typeof commentPosted>, context: ReactorContext): Promise<void> {
  const { commentId, postId, authorId: commenterId } = event.data;
  await mailOnce(context, `comment-${commentId}`, async () => {
    await readModelsAt(context, event, [BLOGS_PROJECTION, USERS_PROJECTION]);
    const blogs = await context.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
    const post = await blogs.selectFrom('posts').select(['post_id', 'blog_id', 'url', 'title', 'author_id']).where('post_id', '=', postId).executeTakeFirst();
    const comment = await blogs.selectFrom('comments').select('content').where('comment_id', '=', commentId).executeTakeFirst();
    if (!post || !comment || post.author_id === commenterId) return null;
    const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    const people = await users
      .selectFrom('users')
      .select(['user_id', 'name', 'email'])
      .where('user_id', 'in', [post.author_id, commenterId])
      .where('deleted', '=', false)
      .execute();
    const author = people.find((p) => p.user_id === post.author_id);
    const commenter = people.find((p) => p.user_id === commenterId);
    if (!author?.email) return null;
    return commentMail(context.config, { to: author.email, authorName: author.name, commenter: commenter?.name ?? 'A reader', post, text: comment.content });
  });
}

/** The publishing schedule and the mails of the blogs. */
export const blogsReactor = defineWorkerReactor({
  name: 'blogs',
  events: [postScheduled, postUnscheduled, postDeleted, postPublished, commentPosted],
  on: {
    PostScheduled: {
      effect: 'queues `blogs.publish-scheduled-post` at `publishAt` (job id: the post id; a new time replaces the pending run)',
      react: (event, context) => {
        const { postId, publishAt } = event.data;
        return queuePublishing(context.jobs, postId, publishAt);
      },
    },
    PostUnscheduled: {
      effect: 'cancels the pending `blogs.publish-scheduled-post` run',
      react: (event, context) => cancelPublishing(context, event.data.postId),
    },
    PostDeleted: {
      effect: 'cancels the pending `blogs.publish-scheduled-post` run',
      react: (event, context) => cancelPublishing(context, event.data.postId),
    },
    PostPublished: {
      effect:
        'cancels a pending publishing run (published by hand); on a first publication, queues `blogs.notify-subscribers` (job id `notify-<post>`), which queues one `mail.send` per follower (`post-<post>-<reader>`)',
      react: async (event, context) => {
        const { postId, scheduled, first } = event.data;
        if (!scheduled) await cancelPublishing(context, postId);
        if (first && isNews(event, context)) await enqueueOnce(context.jobs, notifySubscribers, { postId }, { jobId: `notify-${postId}` });
      },
    },
    CommentPosted: {
      effect: "queues `mail.send` to the post's author when someone else comments (job id `comment-<comment>`)",
      react: (event, context) => (isNews(event, context) ? mailCommentAuthor(event, context) : Promise.resolve()),
    },
  },
});
