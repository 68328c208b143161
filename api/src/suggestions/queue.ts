import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { SuggestionAnswer, SuggestionsAnswer, SuggestionStatus } from '@epos/schemas';
import { SUGGESTIONS_PROJECTION, type SuggestionsReadModel } from '@epos/projections/suggestions/suggestions-projection';
import type { ApiDeps } from '../deps.js';
import type { ActorNames } from '../accounts/actor-names.js';
import { readModel } from '../read-models.js';
import { poemQueries } from '../poem/poem-queries.js';
import { wordDiff } from '../poem/history.js';
import { textOf } from './streams.js';

/** The most the queue lists: the oldest open ones first, as editors work through them (with the total). */
export const QUEUE_LIMIT = 200;

/** Suggestions of one status for the review queue, each with its sentence's number now and a word diff. */
export async function suggestionQueue(deps: ApiDeps, request: FastifyRequest, names: ActorNames, status: SuggestionStatus): Promise<SuggestionsAnswer> {
  const db = await readModel<SuggestionsReadModel>(deps, request, SUGGESTIONS_PROJECTION);
  const { total } = await db.selectFrom('suggestions').where('status', '=', status).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('suggestions')
    .selectAll()
    .where('status', '=', status)
    .orderBy('made_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('suggestion_id')
    .limit(QUEUE_LIMIT)
    .execute();
  const queries = await poemQueries(deps, request);
  const numbers = await queries.numbersOf([...new Set(rows.map((r) => r.sentence_id))]);
  const docs = await queries.sentences([...new Set(numbers.values())]);
  const states = new Map(docs.map((d) => [d.state.id, d.state]));
  const named = await names(request, rows.flatMap((r) => [r.suggester_id, ...(r.decided_by ? [r.decided_by] : [])]));
  const suggestions = rows.map((r): SuggestionAnswer => {
    const state = states.get(r.sentence_id);
    return {
      id: r.suggestion_id,
      sentence: numbers.get(r.sentence_id) ?? null,
      sentenceId: r.sentence_id,
      part: r.part,
      status: r.status,
      suggester: r.suggester_id,
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
  return { suggestions, total: Number(total) };
}
