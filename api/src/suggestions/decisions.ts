import { handleCommand, type CommandResult, type EventStore } from '@epos/platform';
import { suggestionStream, type Cause } from '@epos/schemas';
import { suggestionDecider } from '@epos/domain/suggestions/suggestion-decider';
import { acceptance } from './streams.js';

/**
 * An editor's decisions on a suggestion, whichever face asks (the site's /postdata routes, the
 * console's /admin-api/suggestions actions): the one command code for both.
 */

/** Appends the sentence's edit (crediting the suggester) with SuggestionAccepted, all or nothing; 409 when the text changed since. */
export async function acceptSuggestion(store: EventStore, suggestionId: string, cause: Cause): Promise<CommandResult<never>> {
  const { position } = await store.appendMany(await acceptance(store, suggestionId), { cause });
  return { position, events: [] };
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
