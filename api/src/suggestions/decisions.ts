import { handleCommand, type EventStore, type NewEvent, type StreamAppend } from '@epos/platform';
import { sentenceStream, suggestionStream, type Cause } from '@epos/schemas';
import { DomainError } from '@epos/domain/decider';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import { suggestionDecider, type SuggestionCommand } from '@epos/domain/suggestions/suggestion-decider';
import { commandFor } from '../poem/edit-routes.js';
import { sentenceNow, textOf } from './streams.js';

/**
 * An editor's decisions on a suggestion, whichever face asks (the site's /postdata routes, the
 * console's /admin-api/suggestions actions): the one command code for both.
 */

/**
 * Accepting a suggestion: SuggestionAccepted, decided on the suggestion's stream, and alongside it
 * the sentence's own edit event (as an editor's save appends it) crediting the suggester; both
 * streams at the revisions read, so all or nothing, and a sentence changed since is a conflict.
 */
export function acceptSuggestion(store: EventStore, suggestionId: string, cause: Cause) {
  let sentenceEdit: StreamAppend | null = null;
  return handleCommand(store, {
    streamId: suggestionStream(suggestionId),
    decider: suggestionDecider,
    command: async (state): Promise<SuggestionCommand> => {
      if (state.status === 'none') throw new DomainError('not_found', 'No such suggestion');
      const sentence = await sentenceNow(store, state.sentence);
      const command = commandFor(state.part, state.proposed);
      if (typeof command === 'string') throw new DomainError('invalid', command);
      const edits = sentenceDecider(state.sentence).decide(command, sentence.state);
      const credited: NewEvent[] = edits.map((e) => ({ type: e.type, data: { ...e.data, suggestedBy: state.suggester } }));
      sentenceEdit = { streamId: sentenceStream(state.sentence), events: credited, expectedRevision: sentence.expectedRevision };
      return { kind: 'accept', suggestionId, current: textOf(sentence.state, state.part) };
    },
    alongside: () => (sentenceEdit ? [sentenceEdit] : []),
    cause,
  });
}

/** Declines it with the editor's reason (the suggester is mailed it). */
export function declineSuggestion(store: EventStore, suggestionId: string, reason: string, cause: Cause) {
  return handleCommand(store, {
    streamId: suggestionStream(suggestionId),
    decider: suggestionDecider,
    command: { kind: 'decline', suggestionId, reason },
    cause,
  });
}
