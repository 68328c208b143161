import { z } from 'zod';
import { defineJob, type JobQueue } from '../jobs/index.js';

/** Publishes a scheduled post at its time; the job id is the post id, so rescheduling replaces it. */
export const publishScheduledPost = defineJob({
  name: 'blogs.publish-scheduled-post',
  payload: z.object({ postId: z.uuid(), publishAt: z.iso.datetime() }),
  attempts: 20,
  backoff: { type: 'exponential', delayMs: 500 },
});

/** Mails each subscriber of the post's blog once about a newly published post. */
export const notifySubscribers = defineJob({
  name: 'blogs.notify-subscribers',
  payload: z.object({ postId: z.uuid() }),
  attempts: 10,
  backoff: { type: 'exponential', delayMs: 2000 },
});

/** The scheduled post's one publishing job, named by the post: a new time replaces the pending run. */
export async function queuePublishing(jobs: JobQueue, postId: string, publishAt: string): Promise<void> {
  await jobs.enqueue(publishScheduledPost, { postId, publishAt }, { jobId: postId, runAt: new Date(publishAt) });
}
