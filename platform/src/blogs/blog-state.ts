import { foldStream } from '../commands/handle-command.js';
import type { EventStore } from '../event-store/port.js';
import { blogStream } from '@epos/schemas';
import { blogDecider, type BlogState } from '@epos/domain/blogs/blog-decider';

/** A blog as its own stream has it now (whether it exists, is archived): the facts posts and comments are decided on. */
export async function blogNow(store: EventStore, blogId: string): Promise<BlogState> {
  return (await foldStream(store, blogStream(blogId), blogDecider(blogId))).state;
}
