import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { handleCommand, type CommandOutcome } from '@epos/platform';
import { DomainError } from '@epos/domain/decider';
import { blogDecider, type BlogState } from '@epos/domain/blogs/blog-decider';
import { blogStream, type BlogEvent, type createBlogBody } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { causeOf } from '../commands.js';
import { HttpError } from '../http/error-handler.js';

/** A new blog (the site's form and the console's): 409 when its slug has one. */
export async function createBlog(deps: ApiDeps, request: FastifyRequest, blog: z.output<typeof createBlogBody>): Promise<CommandOutcome<BlogEvent, BlogState>> {
  try {
    return await handleCommand(deps.store, {
      streamId: blogStream(blog.slug),
      decider: blogDecider(blog.slug),
      command: { kind: 'create', title: blog.title, description: blog.description },
      cause: causeOf(request),
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict')
      throw new HttpError(409, 'conflict', error.message, {}, [{ field: 'slug', message: 'already taken' }]);
    throw error;
  }
}
