import type { FastifyRequest } from 'fastify';
import { authorStream, blogStream, pageStream } from '@epos/schemas';
import type { ApiDeps } from '../../deps.js';
import type { ActorNames } from '../../accounts/actor-names.js';
import { isUuid } from '../../uuid.js';
import type { Reference } from './field-labels.js';
import type { ReferenceName } from './field-changes.js';

/** A blog's id is its slug. */
const BLOG_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The latest name an author's or a page's own stream gives it (renames and revisions included). */
async function latestName(deps: ApiDeps, streamId: string, nameIn: (data: Record<string, unknown>) => unknown): Promise<string | undefined> {
  let name: string | undefined;
  for (const event of await deps.store.readStream(streamId)) {
    const value = nameIn((event.data ?? {}) as Record<string, unknown>);
    if (typeof value === 'string') name = value;
  }
  return name;
}

const pageName = (data: Record<string, unknown>) => (data.content as { name?: unknown } | undefined)?.name;

/**
 * Names for the ids a page of history refers to: people by the name the users read model gives
 * them ("deleted user" once erased), authors of books, parent pages and blogs by their own streams.
 */
export async function referenceNames(deps: ApiDeps, names: ActorNames, request: FastifyRequest, wanted: Map<Reference, Set<string>>): Promise<ReferenceName> {
  const found = new Map<string, string>();
  const users = await names(request, wanted.get('user') ?? []);
  for (const [id, name] of users) found.set(`user:${id}`, name);
  for (const [ref, stream, nameIn, validId] of [
    ['author', authorStream, (d: Record<string, unknown>) => d.name, isUuid],
    ['page', pageStream, pageName, isUuid],
    ['blog', blogStream, (d: Record<string, unknown>) => d.title, (id: string) => BLOG_ID.test(id)],
  ] as const) {
    for (const id of wanted.get(ref) ?? []) {
      if (!validId(id)) continue;
      const name = await latestName(deps, stream(id), nameIn);
      if (name !== undefined) found.set(`${ref}:${id}`, name);
    }
  }
  return (ref, id) => found.get(`${ref}:${id}`);
}
