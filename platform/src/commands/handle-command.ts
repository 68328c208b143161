import type { Cause } from '@epos/schemas';
import { WrongExpectedRevisionError, type EventStore, type Position, type StreamAppend } from '../event-store/port.js';
import { fold, type Decider, type DomainEvent } from '@epos/domain/decider';

export interface CommandResult<Event> {
  /** Position of the last event appended, or null when the command changed nothing. */
  position: Position | null;
  events: Event[];
}

/** A command's result with the stream's state after its events. */
export interface CommandOutcome<Event, State> extends CommandResult<Event> {
  state: State;
}

/** A stream's state by its decider, and the revision to append after (optimistic concurrency). */
export async function foldStream<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
): Promise<{ state: State; revision: bigint | null; expectedRevision: bigint | 'no_stream' }> {
  const history = await store.readStream(streamId);
  const revision = history.at(-1)?.revision ?? null;
  const state = fold(decider, history);
  return { state, revision, expectedRevision: revision ?? 'no_stream' };
}

/** Tries of a command no client revision pins: another append in between (a login recorded, say) is decided again. */
const UNPINNED_ATTEMPTS = 3;

/**
 * Folds the stream, decides, and appends with optimistic concurrency on the revision it read. With
 * the client's `expectedRevision`, a newer stream is the client's conflict; without one, a command
 * that lost a race with another append to its stream is folded and decided again on the newer stream.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  request: {
    streamId: string;
    decider: Decider<Command, Event, State>;
    /** The command, or how to make it from the stream's state (a path free only if new to the page, a slug free now). */
    command: Command | ((state: State) => Command | Promise<Command>);
    cause: Cause;
    /**
     * The revision the client last saw (an edit form's version); a newer stream is a conflict.
     * `stream_exists`: the decision holds whatever the stream gained since it was read (the record of
     * an attempt, a note under its own id), so it is appended to the stream as it then is. `any`: the
     * same, on a stream that may not exist yet (a reader's first highlight), with `knownState`.
     */
    expectedRevision?: bigint | 'stream_exists' | 'any';
    /**
     * Other streams' events appended in the same transaction (a url, path or slug the stream
     * reserves), or how to make them from the command decided and the state it was decided on.
     */
    alongside?: readonly StreamAppend[] | ((command: Command, state: State) => readonly StreamAppend[]);
    /**
     * The state the caller already knows the stream to be in (an account its credentials show registered):
     * the stream is not read, so a long stream costs nothing, and the events are appended at `stream_exists` (`any` when asked).
     */
    knownState?: State;
  },
): Promise<CommandOutcome<Event, State>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await decideAndAppend(store, request);
    } catch (error) {
      const raced = request.expectedRevision === undefined && error instanceof WrongExpectedRevisionError && error.streamId === request.streamId;
      if (!raced || attempt >= UNPINNED_ATTEMPTS) throw error;
    }
  }
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  store: EventStore,
  request: Parameters<typeof handleCommand<Command, Event, State>>[1],
): Promise<CommandOutcome<Event, State>> {
  const { streamId, decider, cause } = request;
  const known = request.knownState !== undefined;
  const {
    state,
    revision,
    expectedRevision: read,
  } = known ? { state: request.knownState!, revision: null, expectedRevision: 'no_stream' as const } : await foldStream(store, streamId, decider);
  const pinned = known ? (request.expectedRevision === 'any' ? 'any' : 'stream_exists') : request.expectedRevision;
  if (typeof pinned === 'bigint' && pinned !== (revision ?? -1n)) throw new WrongExpectedRevisionError(streamId, pinned, read);
  const command = typeof request.command === 'function' ? await (request.command as (state: State) => Command | Promise<Command>)(state) : request.command;
  const events = decider.decide(command, state);
  if (events.length === 0) return { position: null, events, state };
  const expectedRevision = pinned === 'stream_exists' || pinned === 'any' ? pinned : read;
  const alongside = typeof request.alongside === 'function' ? request.alongside(command, state) : request.alongside;
  const { position } =
    alongside && alongside.length > 0
      ? await store.appendMany([...alongside, { streamId, events, expectedRevision }], { cause })
      : await store.append(streamId, events, { expectedRevision, cause });
  return { position, events, state: fold(decider, events, state) };
}
