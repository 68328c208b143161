import { JobRunningError, type JobQueue } from '@epos/platform/jobs/index';
import type { Logger } from '@epos/platform';
import type { PostEvent } from '@epos/schemas';
import { notifySubscribers, publishScheduledPost } from './jobs.js';

/**
 * Keeps the scheduler in step with a post's new events: a schedule (re)places the post's one
 * publishing job, leaving the schedule cancels it, a first publication mails the subscribers.
 * Shared by the API and the scheduler so that both react the same way.
 */
export async function afterPostEvents(jobs: JobQueue, logger: Logger, postId: string, events: readonly PostEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'PostScheduled':
        await jobs.enqueue(publishScheduledPost, { postId, publishAt: event.data.publishAt }, { jobId: postId, runAt: new Date(event.data.publishAt) });
        break;
      case 'PostUnscheduled':
      case 'PostDeleted':
        await cancelPublishing(jobs, logger, postId);
        break;
      case 'PostPublished':
        if (!event.data.scheduled) await cancelPublishing(jobs, logger, postId);
        if (event.data.first) await jobs.enqueue(notifySubscribers, { postId }, { jobId: `notify-${postId}` });
        break;
      default:
        break;
    }
  }
}

async function cancelPublishing(jobs: JobQueue, logger: Logger, postId: string): Promise<void> {
  try {
    await jobs.cancel(publishScheduledPost, postId);
  } catch (error) {
    // A run in progress re-reads the post and finds it no longer scheduled.
    if (!(error instanceof JobRunningError)) throw error;
    logger.info({ postId }, 'publishing job already running; it will find the post unscheduled');
  }
}
