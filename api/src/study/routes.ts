import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeHighlightBody,
  highlightIdParams,
  highlightMadeAnswer,
  makeHighlightBody,
  myHighlightsAnswer,
  myHighlightsMarkdown,
  myHighlightsQuery,
  sectionHighlightsAnswer,
  sectionHighlightsParams,
  type MyHighlightsQuery,
} from '@epos/schemas';
import { editionNames } from '@epos/schemas/poem/editions';
import { findQuote, quoteOf } from '@epos/domain/study/anchoring';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { parseOr400 } from '../blogs/validation.js';
import { HttpError, invalidField } from '../http/error-handler.js';
import { signedInUser } from '../accounts/security.js';
import { studyCommands } from './study-commands.js';
import { poemQueries } from '../poem/poem-reader.js';
import type { PoemQueries } from '@epos/projections/poem/poem-queries';
import { readModel } from '../read-models.js';
import { readerHighlights, sectionHighlights, sentenceText } from './placed-highlights.js';
import { HIGHLIGHTS_FILE_NAME, highlightsMarkdown } from './highlights-markdown.js';
import { siteUrl } from '@epos/platform';

const tags = ['study'];
/** What every highlights route reads: the reader's highlights, placed on the poem's texts. */
const reads = { reads: [HIGHLIGHTS_PROJECTION, POEM_PROJECTION] } as const;
const write = { permission: 'study.highlight', ...reads } as const;

/** A reader's highlights: made on words of a sentence in an edition, changed, removed, and read placed on a section's texts now. */
export function studyRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const highlights = (request: FastifyRequest) => readModel<HighlightsReadModel>(deps, request, HIGHLIGHTS_PROJECTION);
  const { run: studyCommand, sealed } = studyCommands(deps);

  const exists = async (request: FastifyRequest, userId: string, highlightId: string) =>
    (await (
      await highlights(request)
    )
      .selectFrom('highlights')
      .select('highlight_id')
      .where('user_id', '=', userId)
      .where('highlight_id', '=', highlightId)
      .executeTakeFirst()) !== undefined;

  return async (app) => {
    app.post(
      '/api/my/highlights',
      {
        config: write,
        schema: {
          tags,
          summary: 'Highlight words of a sentence in an edition (the words, and those around them to tell equal words apart)',
          response: { 200: highlightMadeAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(makeHighlightBody, request.body);
        const poem = await poemQueries(deps, request);
        const doc = await poem.sentence(body.sentence);
        if (doc === null) throw new HttpError(404, 'not_found', 'Not Found');
        const text = sentenceText(doc.state, body.edition);
        if (text === null) throw invalidField('edition', `This sentence has no text in the ${editionNames[body.edition]} edition`);
        const range = findQuote(text, body);
        if (range === null) throw invalidField('exact', 'The words to highlight are not in this sentence');
        const standing = await (
          await highlights(request)
        )
          .selectFrom('highlights')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        const highlightId = randomUUID();
        const note = body.note?.trim() ? await sealed(userId, body.note.trim()) : undefined;
        const result = await studyCommand(request, userId, {
          kind: 'highlight',
          standing: Number(standing.n),
          highlight: {
            highlightId,
            sentence: doc.state.id,
            edition: body.edition,
            text,
            quote: quoteOf(text, range),
            colour: body.colour,
            style: body.style,
            ...(note === undefined ? {} : { note }),
          },
        });
        return withPosition(reply, result).send({ highlightId });
      },
    );

    app.patch(
      '/api/my/highlights/:highlightId',
      {
        config: write,
        schema: {
          tags,
          summary: 'Change one of your highlights: its colour, style or note (an empty note removes it)',
          params: highlightIdParams,
          response: { 200: highlightMadeAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(changeHighlightBody, request.body);
        const { highlightId } = request.params;
        const note = body.note === undefined ? undefined : body.note.trim() === '' ? null : await sealed(userId, body.note.trim());
        const result = await studyCommand(request, userId, {
          kind: 'changeHighlight',
          exists: await exists(request, userId, highlightId),
          change: {
            highlightId,
            ...(body.colour === undefined ? {} : { colour: body.colour }),
            ...(body.style === undefined ? {} : { style: body.style }),
            ...(note === undefined ? {} : { note }),
          },
        });
        return withPosition(reply, result).send({ highlightId });
      },
    );

    app.delete(
      '/api/my/highlights/:highlightId',
      { config: write, schema: { tags, summary: 'Remove one of your highlights', params: highlightIdParams, response: { 200: highlightMadeAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { highlightId } = request.params;
        const result = await studyCommand(request, userId, { kind: 'removeHighlight', highlightId, exists: await exists(request, userId, highlightId) });
        return withPosition(reply, result).send({ highlightId });
      },
    );

    app.get(
      '/api/my/highlights/section/:book/:canto/:section',
      {
        config: reads,
        schema: {
          tags,
          summary: "The signed-in reader's highlights on a section, placed on its texts now in each edition (null where their words are not)",
          params: sectionHighlightsParams,
          response: { 200: sectionHighlightsAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { book, canto, section } = request.params;
        const poem = await poemQueries(deps, request);
        const docs = await poem.section(book, canto, section);
        reply.header('cache-control', 'private, no-store');
        return {
          highlights: await sectionHighlights(
            await highlights(request),
            poem,
            userId,
            docs.map((d) => d.state),
          ),
        };
      },
    );

    const listOf = async (request: FastifyRequest, query: MyHighlightsQuery, poem?: PoemQueries) =>
      readerHighlights(await highlights(request), poem ?? (await poemQueries(deps, request)), signedInUser(request), query);

    app.get(
      '/api/my/highlights',
      {
        config: reads,
        schema: {
          tags,
          summary: "All of the signed-in reader's highlights, placed now, each with its section: in the poem's order or the newest first; ?colour=, ?book=",
          querystring: myHighlightsQuery,
          response: { 200: myHighlightsAnswer },
        },
      },
      async (request, reply) => {
        const list = await listOf(request, request.query);
        reply.header('cache-control', 'private, no-store');
        return { highlights: list };
      },
    );

    app.get(
      '/api/my/highlights.json',
      {
        config: reads,
        schema: { tags, summary: 'The same highlights as a JSON file to keep', querystring: myHighlightsQuery, response: { 200: myHighlightsAnswer } },
      },
      async (request, reply) => {
        const list = await listOf(request, request.query);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'attachment; filename="my-highlights.json"')
          .send({ highlights: list });
      },
    );

    app.get(
      '/api/my/highlights.md',
      {
        config: reads,
        schema: {
          tags,
          summary: 'The same highlights as a markdown file, a heading per section',
          querystring: myHighlightsQuery,
          response: { 200: myHighlightsMarkdown },
        },
      },
      async (request, reply) => {
        const poem = await poemQueries(deps, request);
        const [list, site] = await Promise.all([listOf(request, request.query, poem), poem.ownDescription()]);
        const markdown = highlightsMarkdown({ poemTitle: site.title ?? deps.config.POEM_TITLE, site: siteUrl(deps.config), highlights: list, at: new Date() });
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${HIGHLIGHTS_FILE_NAME}"`)
          .type('text/markdown; charset=utf-8')
          .send(markdown);
      },
    );
  };
}
