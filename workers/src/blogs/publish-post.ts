import { handleCommand, WrongExpectedRevisionError, type EventStore, type Logger } from '@epos/platform';
import type { JobQueue } from '@epos/platform/jobs/index';
import { postStream } from '@epos/schemas';
import { postDecider } from '@epos/domain/blogs/post-decider';

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
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { events } = await handleCommand(context.store, {
        streamId: postStream(postId),
        decider: postDecider(postId),
        command: { kind: 'publishDue', now: new Date().toISOString() },
        cause: { actor: 'system' },
      });
      if (events.length === 0) return false;
      // The subscribers' mails follow the event (reactor.ts).
      context.logger.info({ postId }, 'scheduled post published');
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5) throw error;
    }
  }
}
