import { describeDatabaseError, isDatabaseUnavailable, type ProjectionProgress } from '@epos/platform';
import { JobRunningError, type JobInfo } from '@epos/platform/jobs/index';
import { publishScheduledPost, queuePublishing } from '@epos/platform/blogs/jobs';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { publishIfDue, type PublishingContext } from './publish-post.js';

const SWEEP_CONCURRENCY = 8;

/** A post scheduled for `publishAt` needs a new job unless a pending or running one is for that time. */
function needsJob(job: JobInfo | null, publishAt: Date): boolean {
  if (!job || job.state === 'completed' || job.state === 'failed') return true;
  if (job.state === 'running') return false;
  return (job.payload as { publishAt?: string }).publishAt !== publishAt.toISOString();
}

/**
 * The safety net under the delayed jobs: publishes every overdue scheduled post at once (workers
 * were down at its time, or its job was never queued) and re-queues a missing job for the rest.
 */
async function sweepSchedule(context: PublishingContext & { progress: ProjectionProgress }): Promise<{ published: number; requeued: number }> {
  await context.progress.waitFor(await context.store.headPosition(), { names: [BLOGS_PROJECTION], timeoutMs: 10_000 });
  const db = await context.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
  const scheduled = await db.selectFrom('posts').select(['post_id', 'publish_at']).where('status', '=', 'scheduled').orderBy('publish_at').execute();
  const now = Date.now();
  const overdue = scheduled.filter((p) => new Date(p.publish_at!).getTime() <= now);
  let published = 0;
  let requeued = 0;
  // Several at once: after an outage, many posts are due together and each waits on the database.
  for (let i = 0; i < overdue.length; i += SWEEP_CONCURRENCY) {
    const done = await Promise.all(overdue.slice(i, i + SWEEP_CONCURRENCY).map((p) => publishIfDue(context, p.post_id)));
    published += done.filter(Boolean).length;
  }
  for (const post of scheduled.filter((p) => new Date(p.publish_at!).getTime() > now)) {
    const publishAt = new Date(post.publish_at!);
    const job = await context.jobs.inspect(publishScheduledPost, post.post_id);
    if (!needsJob(job, publishAt)) continue;
    try {
      await queuePublishing(context.jobs, post.post_id, publishAt.toISOString());
      requeued += 1;
    } catch (error) {
      // Another worker process started the post's job since it was inspected: that run re-reads the post.
      if (!(error instanceof JobRunningError)) throw error;
    }
  }
  if (published || requeued) context.logger.info({ published, requeued }, 'schedule sweep caught up');
  return { published, requeued };
}

/** Sweeps now (the catch-up on start) and then every `intervalMs` (SCHEDULE_SWEEP_SECONDS), until stopped. */
export function startScheduleSweep(context: PublishingContext & { progress: ProjectionProgress }, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepSchedule(context).catch((error: unknown) => {
      // A database outage is expected and reported once where connections are lost: here only at debug, not every 30 s.
      if (isDatabaseUnavailable(error)) context.logger.debug({ reason: describeDatabaseError(error) }, 'schedule sweep skipped: the database is unavailable');
      else context.logger.error({ err: error }, 'schedule sweep failed; it runs again shortly');
    });
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
