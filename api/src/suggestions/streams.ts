import { foldStream, type EventStore } from '@epos/platform';
import { sentenceStream, type SuggestionPart } from '@epos/schemas';
import { DomainError } from '@epos/domain/decider';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { commandFor } from '../poem/edit-routes.js';
import { editFieldValue } from '../poem/edit-fields.js';

export const sentenceNow = (store: EventStore, id: number) => foldStream(store, sentenceStream(id), sentenceDecider(id));

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
