import { foldStream, handleCommand, type EventStore, type Logger } from '@epos/platform';
import type { JobQueue } from '@epos/platform/jobs/index';
import { postStream, SYSTEM_ACTOR } from '@epos/schemas';
import { postDecider } from '@epos/domain/blogs/post-decider';
import { blogNow } from '@epos/platform/blogs/blog-state';

export interface PublishingContext {
  store: EventStore;
  jobs: JobQueue;
  logger: Logger;
}

/**
 * Publishes a post if it is still scheduled and due; true when this call published it. The
 * post's stream decides, so a job and the sweep racing each other publish it once.
 */
export async function publishIfDue(context: PublishingContext, postId: string): Promise<boolean> {
  const { blogId } = (await foldStream(context.store, postStream(postId), postDecider(postId))).state;
  // An archived blog publishes nothing: its scheduled posts wait for it to be unarchived.
  const blogArchived = blogId !== '' && (await blogNow(context.store, blogId)).archived;
  // A race with another append to the post is decided again by handleCommand; the post's own stream decides once.
  const { events } = await handleCommand(context.store, {
    streamId: postStream(postId),
    decider: postDecider(postId),
    command: { kind: 'publishDue', now: new Date().toISOString(), blogArchived },
    cause: { actor: SYSTEM_ACTOR },
  });
  if (events.length === 0) return false;
  // The subscribers' mails follow the event (reactor.ts).
  context.logger.info({ postId }, 'scheduled post published');
  return true;
}
