import { SYSTEM_ACTOR } from '@epos/schemas';
import { WrongExpectedRevisionError, type EventStore, type NewEvent } from '@epos/platform';

/** Appends `event` by the system at `revision` of its stream: false when the stream moved on since (someone else appended first). */
export async function appendAtRevision(store: EventStore, streamId: string, revision: bigint, event: NewEvent): Promise<boolean> {
  try {
    await store.append(streamId, [event], { expectedRevision: revision < 0n ? 'no_stream' : revision, cause: { actor: SYSTEM_ACTOR } });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * Appends a job's one outcome to its stream (a PDF printed, a card drawn, or their failure) unless
 * the stream, read again, already has it: on a lost race with another append it reads again.
 */
export async function appendOnce<State extends { revision: bigint }>(
  store: EventStore,
  streamId: string,
  read: () => Promise<State>,
  done: (state: State) => boolean,
  event: NewEvent,
): Promise<void> {
  for (;;) {
    const state = await read();
    if (done(state) || (await appendAtRevision(store, streamId, state.revision, event))) return;
  }
}
