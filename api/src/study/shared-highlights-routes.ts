import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  highlightsSharingAnswer,
  highlightsSharingBody,
  MOST_HIGHLIGHTED_MIN_READERS,
  mostHighlightedAnswer,
  mostHighlightedParams,
  mostHighlightedQuery,
  type MostHighlightedAnswer,
} from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import { mostHighlightedLines, sharesHighlights } from '@epos/projections/study/most-highlighted';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { parseOr400 } from '../blogs/validation.js';
import { HttpError } from '../http/error-handler.js';
import { signedInUser } from '../accounts/security.js';
import { poemQueries } from '../poem/poem-reader.js';
import { readModel, readModelSchema } from '../read-models.js';
import { sentenceText } from './placed-highlights.js';
import { studyCommands } from './study-commands.js';

const tags = ['study'];
/** The most lines a canto's answer lists. */
const MOST_LINES = 10;
/** How long a browser or cache may keep a canto's counts: they move slowly, and belong to no one. */
const COUNTS_MAX_AGE_S = 300;

/** Readers' highlights counted together, for those who chose to share them: a canto's most highlighted lines. */
export function sharedHighlightsRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { run } = studyCommands(deps);
  const highlights = (request: FastifyRequest) => readModel<HighlightsReadModel>(deps, request, HIGHLIGHTS_PROJECTION);
  const sharing = async (request: FastifyRequest, userId: string) => sharesHighlights(await highlights(request), userId);

  return async (app) => {
    app.get(
      '/api/my/highlights/sharing',
      {
        config: { reads: [HIGHLIGHTS_PROJECTION] },
        schema: { tags, summary: 'Whether your highlights count, anonymously, in the most highlighted lines', response: { 200: highlightsSharingAnswer } },
      },
      async (request, reply) => {
        const shared = await sharing(request, signedInUser(request));
        reply.header('cache-control', 'private, no-store');
        return { shared };
      },
    );

    app.post(
      '/api/my/highlights/sharing',
      {
        config: { permission: 'study.highlight', reads: [HIGHLIGHTS_PROJECTION] },
        schema: { tags, summary: 'Count your highlights, anonymously, in the most highlighted lines (or stop)', response: { 200: highlightsSharingAnswer } },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { shared } = parseOr400(highlightsSharingBody, request.body);
        const result = await run(request, userId, { kind: 'shareHighlights', shared, current: await sharing(request, userId) });
        return withPosition(reply, result).send({ shared });
      },
    );

    app.get(
      '/api/poem/most-highlighted/:book/:canto',
      {
        config: { reads: [HIGHLIGHTS_PROJECTION, POEM_PROJECTION] },
        schema: {
          tags,
          summary: `A canto's most highlighted lines in an edition: those at least ${MOST_HIGHLIGHTED_MIN_READERS} readers who share their counts marked`,
          params: mostHighlightedParams,
          querystring: mostHighlightedQuery,
          response: { 200: mostHighlightedAnswer },
        },
      },
      async (request, reply): Promise<MostHighlightedAnswer> => {
        const { book, canto } = request.params;
        const { edition } = request.query;
        const poem = await poemQueries(deps, request);
        const places = await poem.cantoSentences(book, canto);
        if (places.length === 0) throw new HttpError(404, 'not_found', 'Not Found');
        const counted = await mostHighlightedLines(
          await highlights(request),
          await readModelSchema(deps, request, HIGHLIGHTS_PROJECTION),
          places.map((p) => p.id),
          edition,
          MOST_HIGHLIGHTED_MIN_READERS,
          MOST_LINES,
        );
        const byId = new Map(places.map((p) => [p.id, p]));
        const docs = new Map((await poem.sentences(counted.map((c) => byId.get(c.sentence_id)!.sentence))).map((d) => [d.state.id, d.state]));
        const lines = counted.flatMap((c) => {
          const place = byId.get(c.sentence_id)!;
          const state = docs.get(c.sentence_id);
          const text = state ? sentenceText(state, edition)?.split('\n')[c.line] : undefined;
          return text === undefined ? [] : [{ sentence: place.sentence, section: place.section, line: c.line + 1, text: text.trim(), readers: c.readers }];
        });
        reply.header('cache-control', `public, max-age=${COUNTS_MAX_AGE_S}`);
        return { minReaders: MOST_HIGHLIGHTED_MIN_READERS, lines };
      },
    );
  };
}
