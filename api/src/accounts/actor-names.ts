import type { FastifyRequest } from 'fastify';
import { DELETED_USER, USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { isUuid } from '../uuid.js';

/** The names histories show for the actors of events, by actor. */
export type ActorNames = (request: FastifyRequest | null, actors: Iterable<string>) => Promise<Map<string, string>>;

/**
 * Who made a change, as a history shows it: a person's name (from the users read model, so
 * "deleted user" once they are erased, and never their user name or email), a tool by its own name
 * ("system", "importer"), or "unknown user" for an id the read model does not know. Without a
 * request (a server push), the users read model active now.
 */
export function actorNames(deps: ApiDeps): ActorNames {
  return async (request, actors) => {
    const all = [...new Set(actors)];
    const ids = all.filter((actor) => isUuid(actor));
    const users =
      ids.length === 0
        ? []
        : await (request ? await readModel<UsersReadModel>(deps, request, USERS_PROJECTION) : await deps.progress.readModel<UsersReadModel>(USERS_PROJECTION))
            .selectFrom('users')
            .select(['user_id', 'name', 'deleted'])
            .where('user_id', 'in', ids)
            .execute();
    const known = new Map(users.map((u) => [u.user_id, u.deleted ? DELETED_USER : u.name]));
    return new Map(all.map((actor) => [actor, isUuid(actor) ? (known.get(actor.toLowerCase()) ?? 'unknown user') : actor]));
  };
}
