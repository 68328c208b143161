import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { CommandResult } from '@epos/platform';
import { suggestionStatuses, type SuggestionStatus } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminDeclineSuggestionBody, adminSuggestionAnswer, adminSuggestionParams, adminSuggestionsAnswer } from '@epos/schemas/admin/suggestions';
import { SUGGESTIONS_PROJECTION, type SuggestionsReadModel } from '@epos/projections/suggestions/suggestions-projection';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { USERS_PROJECTION } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { actorNames } from '../../accounts/actor-names.js';
import { poemQueries } from '../../poem/poem-reader.js';
import { acceptSuggestion, declineSuggestion } from '../../suggestions/decisions.js';
import { suggestionRecords } from '../../suggestions/records.js';
import { parseListParams, textValues, uuidValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { pageInOrder, rowsOfPage, sendList, totalUpTo } from '../lists.js';

const tags = ['admin'];
const reads = [SUGGESTIONS_PROJECTION, POEM_PROJECTION, USERS_PROJECTION];
const SORTS = ['madeAt', 'decidedAt', 'status', 'part'] as const;
const FILTERS = ['id', 'status', 'suggesterId', 'sentence'] as const;
const COLUMNS = { id: 'suggestion_id', madeAt: 'made_at', decidedAt: 'decided_at', status: 'status', part: 'part' } as const;

const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);
const notFound = () => new HttpError(404, 'not_found', 'No such suggestion');

function statuses(value: unknown): SuggestionStatus[] {
  const wanted = textValues('status', value);
  if (!wanted.every((s) => (suggestionStatuses as readonly string[]).includes(s))) throw badFilter(`status is one of ${suggestionStatuses.join(', ')}`);
  return wanted as SuggestionStatus[];
}

function sentenceNumber(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw badFilter('sentence is a sentence number');
  return n;
}

/**
 * Readers' suggested corrections for review: filtered and sorted in SQL on the suggestions read
 * model; accept and decline are the site's own decisions (api/src/suggestions/decisions.ts).
 */
export function suggestionAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const names = actorNames(deps);
  const records = async (request: FastifyRequest, ids: readonly string[]) => {
    if (ids.length === 0) return [];
    const db = await readModel<SuggestionsReadModel>(deps, request, SUGGESTIONS_PROJECTION);
    const rows = await rowsOfPage(
      ids,
      (page) => db.selectFrom('suggestions').selectAll().where('suggestion_id', 'in', page).execute(),
      (r) => r.suggestion_id,
    );
    return suggestionRecords(deps, request, names, rows);
  };
  const one = async (request: FastifyRequest, id: string) => {
    const [record] = await records(request, [id]);
    if (!record) throw notFound();
    return record;
  };
  /** The suggestion as the decision left it, once the read models show it. */
  const decided = async (request: FastifyRequest, id: string, result: CommandResult<unknown>) => {
    if (result.position !== null) await afterWrite(deps, result.position, [SUGGESTIONS_PROJECTION, POEM_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    return one(request, id);
  };

  return async (app) => {
    app.get(
      '/suggestions',
      {
        config: { reads },
        schema: {
          tags,
          summary: "Readers' suggestions, newest first; filter by status, suggester and sentence number; q searches the texts and reasons",
          querystring: adminListQuery,
          response: { 200: adminSuggestionsAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<SuggestionsReadModel>(deps, request, SUGGESTIONS_PROJECTION);
        let rows = db.selectFrom('suggestions');
        const f = params.filter;
        if (f.id !== undefined) rows = rows.where('suggestion_id', 'in', uuidValues('id', f.id));
        if (f.status !== undefined) rows = rows.where('status', 'in', statuses(f.status));
        if (f.suggesterId !== undefined) rows = rows.where('suggester_id', 'in', uuidValues('suggesterId', f.suggesterId));
        if (f.sentence !== undefined) rows = rows.where('sentence_id', '=', (await (await poemQueries(deps, request)).idOf(sentenceNumber(f.sentence))) ?? 0);
        if (params.q !== '') {
          const like = containing(params.q);
          rows = rows.where((eb) =>
            eb.or([eb('proposed', 'ilike', like), eb('based_on', 'ilike', like), eb('reason', 'ilike', like), eb('decline_reason', 'ilike', like)]),
          );
        }
        const column = COLUMNS[params.sort?.field ?? 'madeAt'];
        const order = params.sort?.order ?? 'desc';
        const ids = pageInOrder(column, 'suggestion_id', order, params.range)(rows.select('suggestion_id'));
        const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql`1`.as('one')))]);
        return sendList(
          reply,
          'suggestions',
          params,
          await records(
            request,
            page.map((r) => r.suggestion_id),
          ),
          total,
        );
      },
    );

    app.get(
      '/suggestions/:id',
      {
        config: { reads },
        schema: { tags, summary: 'One suggestion, with its word diff', params: adminSuggestionParams, response: { 200: adminSuggestionAnswer } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return one(request, request.params.id);
      },
    );

    app.post(
      '/suggestions/:id/accept',
      {
        config: { permission: 'suggestions.review' },
        schema: {
          tags,
          summary: "Accept: the sentence's own edit is appended, crediting the suggester (409 when the text changed since the suggestion)",
          params: adminSuggestionParams,
          response: { 200: adminSuggestionAnswer },
        },
      },
      async (request, reply) => {
        const result = await acceptSuggestion(deps.store, request.params.id, causeOf(request));
        return withPosition(reply, result).send(await decided(request, request.params.id, result));
      },
    );

    app.post(
      '/suggestions/:id/decline',
      {
        config: { permission: 'suggestions.review' },
        schema: {
          tags,
          summary: 'Decline, saying why (the suggester is mailed the reason)',
          params: adminSuggestionParams,
          body: adminDeclineSuggestionBody,
          response: { 200: adminSuggestionAnswer },
        },
      },
      async (request, reply) => {
        const result = await declineSuggestion(deps.store, request.params.id, request.body.reason, causeOf(request));
        return withPosition(reply, result).send(await decided(request, request.params.id, result));
      },
    );
  };
}
