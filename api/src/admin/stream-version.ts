import type { EventStore } from '@epos/platform';
import { HttpError } from '../plugins/error-handler.js';

/** A stream's revision now (-1 before its first event): what the console loads as a record's `version`. */
export async function streamVersion(store: EventStore, streamId: string): Promise<number> {
  const events = await store.readStream(streamId);
  return Number(events.at(-1)?.revision ?? -1n);
}

/** A stale edit: the record changed since the console loaded it at `version`. */
export async function requireVersion(store: EventStore, streamId: string, version: number | undefined): Promise<void> {
  if (version === undefined) return;
  const now = await streamVersion(store, streamId);
  if (now !== version) {
    throw new HttpError(409, 'conflict', `version: this record was changed since you loaded it (version ${version}, now ${now}); reload it to see the changes`, {}, [{ field: 'version', message: 'stale' }]);
  }
}
