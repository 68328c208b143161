import type { FastifyRequest } from 'fastify';
import { DELETED_USER } from '@epos/projections/accounts/users-projection';
import type { ActivityReadModel } from '@epos/projections/activity/read-model';
import type { NotificationRow } from '@epos/projections/activity/queries';
import type { ActivityItem, NotificationItem } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { actorNames } from '../accounts/actor-names.js';
import { iso } from '../blogs/views.js';

const named = (names: Map<string, string>, id: string | null) => (id === null ? DELETED_USER : (names.get(id) ?? DELETED_USER));

/** Feed rows as the spec's Activity, people by their names now ("deleted user", unlinked, once erased). */
export async function activityItems(deps: ApiDeps, request: FastifyRequest | null, rows: readonly ActivityReadModel['activity'][]): Promise<ActivityItem[]> {
  const names = await actorNames(deps)(
    request,
    rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
  );
  return rows.map((row) => {
    const user = row.user_id === null ? '' : named(names, row.user_id);
    const linkable = row.user_id !== null && user !== DELETED_USER && user !== 'unknown user';
    return { url: row.url, activityType: row.type, user, userId: linkable ? row.user_id : null, content: row.content, DateofActivity: iso(row.at) };
  });
}

/** A reader's notifications, each with the name of whoever caused it. */
export async function notificationItems(deps: ApiDeps, request: FastifyRequest | null, rows: readonly NotificationRow[]): Promise<NotificationItem[]> {
  const names = await actorNames(deps)(
    request,
    rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  );
  return rows.map((row) => ({
    id: String(row.position),
    kind: row.kind,
    url: row.url,
    actor: row.actor_id === null ? '' : named(names, row.actor_id),
    content: row.content,
    at: iso(row.at),
    read: row.read,
  }));
}
