import { expect } from 'vitest';
import { DomainError, fold, type Decider, type DomainErrorKind, type DomainEvent } from '../decider.js';

/** What a command decides after the given events: the events it causes, or the rule it breaks. */
export interface WhenCommand<Event> {
  /** The events decided, for assertions on a part of them. */
  events(): Event[];
  then(expected: readonly Event[]): void;
  /** The command is accepted and changes nothing. */
  thenNothing(): void;
  /** The command is refused with a DomainError of this kind (and message, when given). */
  thenRefuses(kind: DomainErrorKind, message?: string | RegExp): void;
}

/**
 * Given/when/then for a decider: `spec.given([created]).when(command).then([revised])`.
 * The state is always built by folding the given events, as the command handler does.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given: (events: readonly Event[] = []) => ({
      state: (): State => fold(decider, events),
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
          },
        };
      },
    }),
  };
}
