import { DomainError, type Decider } from '../decider.js';
import type { SuggestionEvent } from '@epos/schemas';

/** What a suggestion proposes, as SuggestionMade records it (its id and sealed reason apart). */
type Suggestion = Omit<Extract<SuggestionEvent, { type: 'SuggestionMade' }>['data'], 'suggestionId' | 'reason'>;

export type SuggestionState = { status: 'none' } | ({ status: 'open' | 'accepted' | 'declined' } & Suggestion);

export type SuggestionCommand =
  /** `basedOn`: the part's text now; `reason`: already sealed with the suggester's key. */
  | { kind: 'make'; suggestionId: string; suggestion: Suggestion; reason: string | null }
  /** `current`: the part's text now, which must still be the text the suggestion was based on. */
  | { kind: 'accept'; suggestionId: string; current: string }
  | { kind: 'decline'; suggestionId: string; reason: string };

export const CHANGED_SINCE =
  'The text has changed since this suggestion was made: accepting it would overwrite that change. Decline it, or edit the text yourself.';

function stillOpen(state: SuggestionState): Extract<SuggestionState, { status: 'open' }> {
  if (state.status === 'none') throw new DomainError('not_found', 'No such suggestion');
  if (state.status !== 'open') throw new DomainError('conflict', `This suggestion was already ${state.status}.`);
  return state as Extract<SuggestionState, { status: 'open' }>;
}

/** A reader's suggested correction and an editor's decision on it. */
export const suggestionDecider: Decider<SuggestionCommand, SuggestionEvent, SuggestionState> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'SuggestionMade': {
        const { sentence, part, basedOn, proposed, suggester } = event.data;
        return { status: 'open', sentence, part, basedOn, proposed, suggester };
      }
      case 'SuggestionAccepted':
        return state.status === 'none' ? state : { ...state, status: 'accepted' };
      case 'SuggestionDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined' };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'make': {
        const { suggestion, suggestionId, reason } = command;
        if (state.status !== 'none') throw new DomainError('conflict', 'This suggestion was already made.');
        if (suggestion.proposed.trim() === '') throw new DomainError('invalid', 'proposed: write the corrected text', 'proposed');
        if (suggestion.proposed === suggestion.basedOn)
          throw new DomainError('invalid', 'proposed: is the same as the current text; change something first', 'proposed');
        return [{ type: 'SuggestionMade', data: { suggestionId, ...suggestion, reason } }];
      }
      case 'accept': {
        const { sentence, part, suggester, basedOn } = stillOpen(state);
        if (command.current !== basedOn) throw new DomainError('conflict', CHANGED_SINCE);
        return [{ type: 'SuggestionAccepted', data: { suggestionId: command.suggestionId, sentence, part, suggester } }];
      }
      case 'decline': {
        const { sentence, part, suggester } = stillOpen(state);
        const reason = command.reason.trim();
        if (reason === '') throw new DomainError('invalid', 'reason: say why the suggestion is declined', 'reason');
        return [{ type: 'SuggestionDeclined', data: { suggestionId: command.suggestionId, sentence, part, suggester, reason } }];
      }
    }
  },
};
