import type { EventStore } from '@epos/platform';
import { HttpError } from '../http/error-handler.js';

/**
 * The revision a record had at one of its events (the History tab restores by position): how many
 * of its events of `revising` types came up to it. 404 naming `what` when its stream has no event there.
 */
export async function revisionAtPosition(store: EventStore, streamId: string, position: string, revising: readonly string[], what: string): Promise<number> {
  const at = BigInt(position);
  const events = await store.readStream(streamId);
  if (!events.some((e) => e.position === at))
    throw new HttpError(404, 'not_found', `position: this ${what} has no event there`, {}, [{ field: 'position', message: `not in this ${what}` }]);
  return events.filter((e) => e.position <= at && revising.includes(e.type)).length;
}
