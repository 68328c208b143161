import { foldStream, type EventStore, type NewEvent, type StreamAppend } from '@epos/platform';
import { sentenceStream, suggestionStream, type SuggestionPart } from '@epos/schemas';
import { DomainError } from '@epos/domain/decider';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { suggestionDecider } from '@epos/domain/suggestions/suggestion-decider';
import { commandFor } from '../poem/edit-routes.js';
import { editFieldValue } from '../poem/edit-fields.js';

export const sentenceNow = (store: EventStore, id: number) => foldStream(store, sentenceStream(id), sentenceDecider(id));
const suggestionNow = (store: EventStore, suggestionId: string) => foldStream(store, suggestionStream(suggestionId), suggestionDecider);

/** A part's text as `/api/dedit` shows it. */
export const textOf = (state: SentenceState, part: SuggestionPart): string => editFieldValue(state, part);

/**
 * The proposed text as the part would hold it once saved (verse lines trimmed), or why it cannot
 * be saved: a suggestion an editor could not accept is refused when it is made.
 */
export function normalisedProposal(part: SuggestionPart, proposed: string): string {
  const command = commandFor(part, proposed);
  if (typeof command === 'string') throw new DomainError('invalid', `proposed: ${command}`, 'proposed');
  if (command.kind === 'setText' || command.kind === 'setTranslation') return (command.lines ?? []).join('\n');
  if (command.kind === 'setField') return command.value ?? '';
  throw new Error(`a suggestion cannot change ${part}`);
}

/**
 * Accepting a suggestion: the sentence's own edit event (as an editor's save appends it), crediting
 * the suggester, and SuggestionAccepted; both streams at the revisions read, so all or nothing.
 */
export async function acceptance(store: EventStore, suggestionId: string): Promise<StreamAppend[]> {
  const suggestion = await suggestionNow(store, suggestionId);
  const { state } = suggestion;
  if (state.status === 'none') throw new DomainError('not_found', 'No such suggestion');
  const sentence = await sentenceNow(store, state.sentence);
  const accepted = suggestionDecider.decide({ kind: 'accept', suggestionId, current: textOf(sentence.state, state.part) }, state);
  const command = commandFor(state.part, state.proposed);
  if (typeof command === 'string') throw new DomainError('invalid', command);
  const edits = sentenceDecider(state.sentence).decide(command, sentence.state);
  const credited: NewEvent[] = edits.map((e) => ({ type: e.type, data: { ...e.data, suggestedBy: state.suggester } }));
  return [
    { streamId: sentenceStream(state.sentence), events: credited, expectedRevision: sentence.expectedRevision },
    { streamId: suggestionStream(suggestionId), events: accepted, expectedRevision: suggestion.expectedRevision },
  ];
}
