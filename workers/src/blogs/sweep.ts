import type { ProjectionProgress } from '@epos/platform';
import { publishScheduledPost } from '@epos/api/blogs/jobs';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { publishIfDue, type PublishingContext } from './publish-post.js';

export const SWEEP_INTERVAL_MS = 30_000;

/**
 * The safety net under the delayed jobs: publishes every overdue scheduled post at once (workers
 * were down at its time, or its job was never queued) and re-queues a missing job for the rest.
 */
export async function sweepSchedule(context: PublishingContext & { progress: ProjectionProgress }): Promise<{ published: number; requeued: number }> {
  await context.progress.waitFor(await context.store.headPosition(), { names: [BLOGS_PROJECTION], timeoutMs: 10_000 });
  const db = await context.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
  const scheduled = await db.selectFrom('posts').select(['post_id', 'publish_at']).where('status', '=', 'scheduled').orderBy('publish_at').execute();
  let published = 0;
  let requeued = 0;
  const now = Date.now();
  for (const post of scheduled) {
    const publishAt = new Date(post.publish_at!);
    if (publishAt.getTime() <= now) {
      if (await publishIfDue(context, post.post_id)) published += 1;
    } else if (!(await context.jobs.inspect(publishScheduledPost, post.post_id))) {
      await context.jobs.enqueue(publishScheduledPost, { postId: post.post_id, publishAt: publishAt.toISOString() }, { jobId: post.post_id, runAt: publishAt });
      requeued += 1;
    }
  }
  if (published || requeued) context.logger.info({ published, requeued }, 'schedule sweep caught up');
  return { published, requeued };
}

/** Sweeps now (the catch-up on start) and then every interval, until stopped. */
export function startScheduleSweep(context: PublishingContext & { progress: ProjectionProgress }, intervalMs = SWEEP_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepSchedule(context).catch((error: unknown) => context.logger.error({ err: error }, 'schedule sweep failed; it runs again shortly'));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
