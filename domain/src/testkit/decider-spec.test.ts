import { describe, expect, it } from 'vitest';
import { DomainError, type Decider } from '../decider.js';
import { deciderSpec } from './decider-spec.js';

type Event = { type: 'Opened'; data: { by: string } } | { type: 'Closed'; data: Record<string, never> };
type Command = { kind: 'open'; by: string } | { kind: 'close' };
const door: Decider<Command, Event, { open: boolean }> = {
  initialState: { open: false },
  evolve: (_state, event) => ({ open: event.type === 'Opened' }),
  decide(command, state) {
    if (command.kind === 'open') return state.open ? [] : [{ type: 'Opened', data: { by: command.by } }];
    if (!state.open) throw new DomainError('conflict', 'The door is already closed');
    return [{ type: 'Closed', data: {} }];
  },
};
const spec = deciderSpec(door);
const opened: Event = { type: 'Opened', data: { by: 'ann' } };

describe('deciderSpec', () => {
  it('folds the given events and checks what the command decides', () => {
    spec.given([]).when({ kind: 'open', by: 'ann' }).then([opened]);
    spec.given([opened]).when({ kind: 'open', by: 'bob' }).thenNothing();
    expect(spec.given([opened]).state()).toEqual({ open: true });
    expect(() => spec.given([]).when({ kind: 'open', by: 'ann' }).then([])).toThrow();
  });

  it('checks a refusal by kind and message, and fails when the command is accepted', () => {
    spec
      .given([])
      .when({ kind: 'close' })
      .thenRefuses('conflict', /already closed/);
    expect(() => spec.given([]).when({ kind: 'close' }).thenRefuses('invalid')).toThrow();
    expect(() => spec.given([opened]).when({ kind: 'close' }).thenRefuses('conflict')).toThrow(/should be refused/);
    expect(spec.when({ kind: 'close' }).thenRefuses('conflict').message).toBe('The door is already closed');
  });

  it('checks a decide function whose command carries its state the same way', () => {
    const knock = deciderSpec((command: { open: boolean; by: string }): Event[] => {
      if (command.open) throw new DomainError('invalid', 'The door is open: come in');
      return [{ type: 'Opened', data: { by: command.by } }];
    });
    knock.when({ open: false, by: 'ann' }).then([opened]);
    knock.when({ open: true, by: 'ann' }).thenRefuses('invalid', 'come in');
  });
});
