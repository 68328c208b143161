import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineSuggestionBody,
  SUGGESTION_ACCEPTED,
  SUGGESTION_DECLINED,
  SUGGESTION_THANKS,
  suggestionBody,
  suggestionDecidedAnswer,
  suggestionMadeAnswer,
  suggestionParams,
  suggestionStream,
} from '@epos/schemas';
import { Credentials } from '@epos/platform/accounts/credentials';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { seal } from '@epos/projections/accounts/sealing';
import { handleCommand } from '@epos/platform';
import { suggestionDecider, type SuggestionCommand } from '@epos/domain/suggestions/suggestion-decider';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { HttpError } from '../http/error-handler.js';
import { pleaseLogIn, signedInUser } from '../accounts/security.js';
import { poemQueries } from '../poem/poem-reader.js';
import { normalisedProposal, sentenceNow, textOf } from './streams.js';
import { acceptSuggestion, declineSuggestion } from './decisions.js';

const tags = ['suggestions'];
const noSuchSentence = () =>
  new HttpError(404, 'not_found', 'sentence: no sentence has this number', {}, [{ field: 'sentence', message: 'no sentence has this number' }]);

/** Readers suggest corrections to a sentence's text, translations and notes; editors accept or decline them (the console lists them: /admin-api/suggestions). */
export function suggestionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const credentials = new Credentials(deps.database.db);
  return async (app) => {
    app.post(
      '/postdata/suggestions',
      {
        config: { permission: 'suggestions.make', reads: [POEM_PROJECTION] },
        schema: {
          tags,
          summary: 'Suggest a correction to a verse text (text-<edition>), a translation (tr-<lang>) or a note of a sentence',
          body: suggestionBody,
          response: { 200: suggestionMadeAnswer },
        },
      },
      async (request, reply) => {
        const suggester = signedInUser(request);
        const { sentence: n, part, proposed, reason } = request.body;
        const id = await (await poemQueries(deps, request)).idOf(n);
        if (id === null) throw noSuchSentence();
        const normal = normalisedProposal(part, proposed);
        const why = reason?.trim() || null;
        const key = why === null ? null : await credentials.keyOf(suggester);
        if (why !== null && !key) throw pleaseLogIn();
        const { state } = await sentenceNow(deps.store, id);
        const suggestionId = randomUUID();
        const command: SuggestionCommand = {
          kind: 'make',
          suggestionId,
          suggestion: { sentence: id, part, basedOn: textOf(state, part), proposed: normal, suggester },
          reason: why === null || !key ? null : seal(key, why),
        };
        const result = await handleCommand(deps.store, {
          streamId: suggestionStream(suggestionId),
          decider: suggestionDecider,
          command,
          cause: causeOf(request),
        });
        return withPosition(reply, result).send({ type: 1, message: SUGGESTION_THANKS, id: suggestionId });
      },
    );

    app.post(
      '/postdata/suggestions/:id/accept',
      {
        config: { permission: 'suggestions.review' },
        schema: {
          tags,
          summary: 'Accept a suggestion: its edit is appended, crediting the suggester (409 when the text changed since it was made)',
          params: suggestionParams,
          response: { 200: suggestionDecidedAnswer },
        },
      },
      async (request, reply) => {
        const outcome = await acceptSuggestion(deps.store, request.params.id, causeOf(request));
        return withPosition(reply, outcome).send({ type: 1, message: SUGGESTION_ACCEPTED });
      },
    );

    app.post(
      '/postdata/suggestions/:id/decline',
      {
        config: { permission: 'suggestions.review' },
        schema: {
          tags,
          summary: 'Decline a suggestion, saying why (the suggester is told)',
          params: suggestionParams,
          body: declineSuggestionBody,
          response: { 200: suggestionDecidedAnswer },
        },
      },
      async (request, reply) => {
        const outcome = await declineSuggestion(deps.store, request.params.id, request.body.reason, causeOf(request));
        return withPosition(reply, outcome).send({ type: 1, message: SUGGESTION_DECLINED });
      },
    );
  };
}
