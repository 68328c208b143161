import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { partLabel } from '@epos/schemas';
import type { AdminSuggestionAnswer } from '@epos/schemas/admin/suggestions';
import type { SuggestionsReadModel } from '@epos/projections/suggestions/suggestions-projection';
import type { ApiDeps } from '../deps.js';
import type { ActorNames } from '../accounts/actor-names.js';
import { poemQueries } from '../poem/poem-reader.js';
import { wordDiff } from '../poem/history.js';
import { textOf } from './streams.js';

export type SuggestionRow = Selectable<SuggestionsReadModel['suggestions']>;

/**
 * Suggestions as the review queue shows them: each with its sentence's number now, who made and
 * decided it, a word diff of the text it was based on → the proposed text (the reader's history
 * diff), and whether the text has changed since (accepting would then be refused).
 */
export async function suggestionRecords(
  deps: ApiDeps,
  request: FastifyRequest,
  names: ActorNames,
  rows: readonly SuggestionRow[],
): Promise<AdminSuggestionAnswer[]> {
  const queries = await poemQueries(deps, request);
  const numbers = await queries.numbersOf([...new Set(rows.map((r) => r.sentence_id))]);
  const docs = await queries.sentences([...new Set(numbers.values())]);
  const states = new Map(docs.map((d) => [d.state.id, d.state]));
  const named = await names(
    request,
    rows.flatMap((r) => [r.suggester_id, ...(r.decided_by ? [r.decided_by] : [])]),
  );
  const notes = { motherNote: deps.config.LABEL_MOTHER_NOTE, aurobindoNote: deps.config.LABEL_AUTHOR_NOTE };
  return rows.map((r) => {
    const state = states.get(r.sentence_id);
    return {
      id: r.suggestion_id,
      sentence: numbers.get(r.sentence_id) ?? null,
      sentenceId: r.sentence_id,
      part: r.part,
      partLabel: partLabel(r.part, notes),
      status: r.status,
      suggesterId: r.suggester_id,
      suggesterName: named.get(r.suggester_id) ?? 'unknown user',
      reason: r.reason,
      basedOn: r.based_on,
      proposed: r.proposed,
      diff: wordDiff(r.based_on, r.proposed),
      changedSince: r.status === 'open' && (state === undefined || textOf(state, r.part) !== r.based_on),
      madeAt: new Date(r.made_at).toISOString(),
      decidedByName: r.decided_by ? (named.get(r.decided_by) ?? 'unknown user') : null,
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      declineReason: r.decline_reason,
    };
  });
}
