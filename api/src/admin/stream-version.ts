import { WrongExpectedRevisionError, type EventStore } from '@epos/platform';
import { HttpError } from '../http/error-handler.js';

/** A stream's revision now (-1 before its first event): what the console loads as a record's `version`. */
export async function streamVersion(store: EventStore, streamId: string): Promise<number> {
  return Number(await store.streamRevision(streamId));
}

const staleEdit = (version: number, now: number) =>
  new HttpError(409, 'conflict', `version: this record was changed since you loaded it (version ${version}, now ${now}); reload it to see the changes`, {}, [
    { field: 'version', message: 'stale' },
  ]);

/** Runs a command checked against the `version` the console loaded (handleCommand's expectedRevision); its conflict answers as a stale edit. */
export async function asVersionedEdit<T>(version: number | undefined, run: (expected: { expectedRevision?: bigint }) => Promise<T>): Promise<T> {
  try {
    return await run(version === undefined ? {} : { expectedRevision: BigInt(version) });
  } catch (error) {
    if (version === undefined || !(error instanceof WrongExpectedRevisionError)) throw error;
    throw staleEdit(version, error.actual === 'no_stream' ? -1 : Number(error.actual));
  }
}
