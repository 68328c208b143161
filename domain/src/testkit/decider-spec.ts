import { expect } from 'vitest';
import { DomainError, fold, type Decider, type DomainErrorKind, type DomainEvent } from '../decider.js';

/** What a command decides after the given events: the events it causes, or the rule it breaks. */
interface WhenCommand<Event> {
  /** The events decided, for assertions on a part of them. */
  events(): Event[];
  then(expected: readonly Event[]): void;
  /** The command is accepted and changes nothing. */
  thenNothing(): void;
  /** The command is refused with a DomainError of this kind (and message, when given); returns it for assertions on the rest. */
  thenRefuses(kind: DomainErrorKind, message?: string | RegExp): DomainError;
}

export interface DeciderSpec<Command, Event, State> {
  given(events?: readonly Event[]): { state(): State; when(command: Command): WhenCommand<Event> };
  /** The command on a stream with no events yet. */
  when(command: Command): WhenCommand<Event>;
}

/**
 * Given/when/then for a decider: `spec.given([created]).when(command).then([revised])`.
 * The state is always built by folding the given events, as the command handler does.
 * A decide function whose command carries the state it needs (no stream to fold) is
 * checked the same way: `deciderSpec(lockAccount).when(command).then([locked])`.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>): DeciderSpec<Command, Event, State>;
export function deciderSpec<Command, Event extends DomainEvent>(decide: (command: Command) => Event[]): DeciderSpec<Command, Event, undefined>;
export function deciderSpec<Command, Event extends DomainEvent, State>(
  of: Decider<Command, Event, State> | ((command: Command) => Event[]),
): DeciderSpec<Command, Event, State | undefined> {
  const decider: Decider<Command, Event, State | undefined> =
    typeof of === 'function' ? { initialState: undefined, evolve: (state) => state, decide: (command) => of(command) } : of;
  const given = (events: readonly Event[] = []) => ({
    state: () => fold(decider, events),
    when: (command: Command): WhenCommand<Event> => {
      const run = () => decider.decide(command, fold(decider, events));
      return {
        events: run,
        then: (expected) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenRefuses: (kind, message) => {
          let refusal: unknown;
          try {
            run();
          } catch (error) {
            refusal = error;
          }
          expect(refusal, 'the command should be refused').toBeInstanceOf(DomainError);
          expect((refusal as DomainError).kind).toBe(kind);
          if (message !== undefined) expect((refusal as DomainError).message).toMatch(message);
          return refusal as DomainError;
        },
      };
    },
  });
  return { given, when: (command) => given().when(command) };
}
