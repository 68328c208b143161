/** An event as a decider sees it: its type and data, without storage details. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Pure business logic of one kind of stream: no I/O. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the events the command causes, or throws a DomainError. */
  decide(command: Command, state: State): Event[];
}

export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

/** A rule the command broke; the API turns it into a 4xx with this message. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * A stream's state: its events folded through the decider's `evolve`, from its initial state (or from
 * `from`, a state already folded). Events read back from the store are those its schemas admitted to
 * the stream, so each is taken as one of the decider's.
 */
export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly DomainEvent[],
  from: State = decider.initialState,
): State {
  return events.reduce<State>((state, event) => decider.evolve(state, event as Event), from);
}
