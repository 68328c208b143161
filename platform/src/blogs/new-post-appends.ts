import type { NewEvent, StreamAppend } from '../event-store/port.js';
import { postStream, postUrlStream } from '@epos/schemas';

/**
 * A new post's one atomic append: its url reserved in its own stream (so no other post can take
 * it) and the post's first events. Shared by the create command, demo content, tests and benchmarks.
 */
export function newPostAppends(url: string, postId: string, events: readonly NewEvent[]): StreamAppend[] {
  return [postUrlReservation(url, postId), { streamId: postStream(postId), events, expectedRevision: 'no_stream' }];
}

/** A url taken for a post in its own stream: refused when another post has it. */
export function postUrlReservation(url: string, postId: string): StreamAppend {
  return { streamId: postUrlStream(url), events: [{ type: 'PostUrlReserved', data: { url, postId } }], expectedRevision: 'no_stream' };
}
