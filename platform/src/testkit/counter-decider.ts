import type { EventOf } from '@epos/schemas';
import { DomainError, type Decider } from '@epos/domain/decider';
import type { sampleEvents } from './sample-events.js';

export type CounterEvent = EventOf<typeof sampleEvents>;
export type CounterCommand = { kind: 'open'; name: string } | { kind: 'increment'; by: number };
export interface CounterState {
  open: boolean;
  total: number;
}

export const counterDecider: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: { open: false, total: 0 },
  evolve(state, event) {
    switch (event.type) {
      case 'CounterOpened':
        return { ...state, open: true };
      case 'CounterIncremented':
        return { ...state, total: state.total + event.data.by };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.kind === 'open') {
      if (state.open) throw new DomainError('conflict', 'This counter is already open');
      return [{ type: 'CounterOpened', data: { name: command.name } }];
    }
    if (!state.open) throw new DomainError('not_found', 'No counter with this id');
    return [{ type: 'CounterIncremented', data: { by: command.by } }];
  },
};
