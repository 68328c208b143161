import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listenWithApp } from '../http/change-cache.js';
import { z } from 'zod';
import {
  cantoNoteAnswer,
  colouredRelationsAnswer,
  contentsAnswer,
  editableValueAnswer,
  layerKeySchema,
  lineInfoAnswer,
  lineNumberAnswer,
  lineText,
  MAX_RELATION_COLOURS,
  readingAnswer,
  sectionAnswer,
  sectionTranslationsAnswer,
  sentenceRangeAnswer,
  sentenceTranslationAnswer,
  wholeNumber,
  wordRelationsAnswer,
  workSectionAnswer,
} from '@epos/schemas';
import { ownEntry } from '@epos/domain/poem/structure-state';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { WORKS_PROJECTION } from '@epos/projections/works/works-projection';
import { readerWorksInCanto, readerWorksOnSentence } from '../works/section-works.js';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { sendCacheable } from '../http/http-cache.js';
import { editFieldValue, EDITABLE_KEYS } from './edit-fields.js';
import { PoemHistory } from './history.js';
import { historyRoutes } from './history-routes.js';
import { packRoutes } from './pack-routes.js';
import { poemAnswerBodies } from './answer-bodies.js';
import { actorNames } from '../accounts/actor-names.js';
import { PoemCache } from './poem-cache.js';
import { missingPart } from './missing-part.js';
import { MAX_RANGE, PoemReader } from './poem-reader.js';
import { asOfQuery, editionQuery, langQuery, parseRange, sectionParams, sentenceParams } from './schemas.js';

const NO_BOOK = 'No book found';
const NOT_FOUND = 'Not Found';
const reads = { reads: [POEM_PROJECTION] } as const;
/** The worksection answers carry readers' works too. */
const withWorks = { reads: [POEM_PROJECTION, WORKS_PROJECTION] } as const;
const tags = ['poem'];

/** The spec's reading and reference calls (section 7), on the poem read model. */
export function poemRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = new PoemCache(deps.database, deps.memory);
    await listenWithApp(app, cache, deps.logger, 'poem');
    const bodies = poemAnswerBodies();
    const reader = new PoemReader(deps, cache, bodies);
    const history = new PoemHistory(deps.store, reader);
    const notFound = (message: string) => new HttpError(404, 'not_found', message);

    app.get(
      '/api/sbook/:book/:canto/:section',
      {
        config: reads,
        schema: {
          tags,
          summary: 'A section of the poem in an edition (the book/canto view response)',
          params: sectionParams,
          querystring: editionQuery.extend(asOfQuery.shape),
          response: { 200: sectionAnswer },
        },
      },
      async (request, reply) => {
        const { edition = 'first', asOf } = request.query;
        const loggedIn = request.actor !== undefined;
        if (asOf) {
          const view = await history.sectionAsOf(request, request.params, edition, asOf, loggedIn);
          if (!view) throw notFound(NO_BOOK);
          return sendCacheable(request, reply, bodies.section(view), { private: loggedIn });
        }
        const found = await reader.section(request, request.params, edition, loggedIn);
        if (!found) throw await missingPart(deps, request.params, NO_BOOK);
        return sendCacheable(request, reply, found, { private: loggedIn });
      },
    );

    app.get(
      '/api/contents',
      {
        config: reads,
        schema: { tags, summary: 'The books with their names and canto counts (the reading menu; cantos come per book)', response: { 200: contentsAnswer } },
      },
      async (request, reply) => {
        const found = await reader.contents(request);
        return sendCacheable(request, reply, found ?? bodies.contents({ books: [] }));
      },
    );

    app.get(
      '/api/contents/:book',
      {
        config: reads,
        schema: {
          tags,
          summary: "One book's cantos and sections with their names, in the shape of /api/contents",
          params: sectionParams.pick({ book: true }),
          response: { 200: contentsAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.contents(request, request.params.book);
        if (!found) throw await missingPart(deps, request.params, NO_BOOK);
        return sendCacheable(request, reply, found);
      },
    );

    app.get(
      '/api/translation/:book/:canto/:section',
      {
        config: reads,
        schema: {
          tags,
          summary: 'Translations of a section: SentenceNumber and Translated (lines joined by newline)',
          params: sectionParams,
          querystring: langQuery,
          response: { 200: sectionTranslationsAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.translations(request, request.params, request.query.lang);
        if (!found) throw await missingPart(deps, request.params, NO_BOOK);
        return sendCacheable(request, reply, found);
      },
    );

    app.get(
      '/api/translate/:n',
      {
        config: reads,
        schema: {
          tags,
          summary: 'One sentence and its translation, for the edit modal',
          params: sentenceParams,
          querystring: langQuery,
          response: { 200: sentenceTranslationAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.translate(request, request.params.n, request.query.lang);
        if (!found) throw notFound(NOT_FOUND);
        return sendCacheable(request, reply, bodies.translate(found));
      },
    );

    app.get(
      '/api/linenumber/:n',
      {
        config: reads,
        schema: {
          tags,
          summary: 'Line lookup: where sentence n stands, with its verse lines and their running numbers (first edition)',
          params: sentenceParams,
          querystring: z.object({ by: z.enum(['sentence', 'verse']).default('sentence').describe('verse: n is a verse line number of the poem') }),
          response: { 200: lineNumberAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.lineNumber(request, request.params.n, request.query.by === 'verse');
        if (!found) throw await missingPart(deps, null, NOT_FOUND);
        return sendCacheable(request, reply, bodies.lineNumber(found));
      },
    );

    app.get(
      '/api/lineinfo/:n',
      {
        config: reads,
        schema: {
          tags,
          summary:
            'One sentence (the Line entity) with where it stands; with asOf, the sentence that had number n then: as it is now, with its current number, or as it stood then when it has been withdrawn since (withdrawn: true)',
          params: sentenceParams,
          querystring: editionQuery.extend(asOfQuery.shape),
          response: { 200: lineInfoAnswer },
        },
      },
      async (request, reply) => {
        const edition = request.query.edition ?? 'first';
        const found = request.query.asOf
          ? await history.lineAsOf(request, request.params.n, edition, request.query.asOf)
          : await reader.lineInfo(request, request.params.n, edition);
        if (!found) throw await missingPart(deps, null, NOT_FOUND);
        return sendCacheable(request, reply, bodies.lineInfo(found));
      },
    );

    app.get(
      '/api/srange/:range',
      {
        config: reads,
        schema: {
          tags,
          summary: `Sentences by range, e.g. 10-20 or 3,5,7-9 (at most ${MAX_RANGE})`,
          params: z.object({ range: lineText(200) }),
          querystring: editionQuery,
          response: { 200: sentenceRangeAnswer },
        },
      },
      async (request, reply) => {
        const numbers = parseRange(request.params.range, MAX_RANGE);
        if (numbers === 'invalid') throw new HttpError(400, 'validation', 'range: expected sentence numbers like 10-20 or 3,5,7-9');
        if (numbers === 'too_many') throw new HttpError(400, 'validation', `range: at most ${MAX_RANGE} sentences at once`);
        const lines = await reader.range(request, numbers, request.query.edition ?? 'first');
        if (lines.length === 0) throw notFound('Nothing to add');
        return sendCacheable(request, reply, bodies.range(lines));
      },
    );

    app.get(
      '/api/nextRead/:book/:canto/:section',
      {
        config: reads,
        schema: {
          tags,
          summary: "A commentary layer's reading of one sentence, with the previous and next sentences it comments on in the section",
          params: sectionParams,
          querystring: z.object({ forWhom: layerKeySchema.describe('commentary layer key'), id: wholeNumber('id').optional().describe('sentence number') }),
          response: { 200: readingAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.reading(request, request.params, request.query.forWhom, request.query.id);
        if (!found) throw notFound(NOT_FOUND);
        return sendCacheable(request, reply, bodies.reading(found));
      },
    );

    app.get(
      '/api/relation/:n',
      {
        config: reads,
        schema: { tags, summary: 'Sanskrit–English word relations of a sentence', params: sentenceParams, response: { 200: wordRelationsAnswer } },
      },
      async (request, reply) => {
        const doc = await reader.sentenceDoc(request, request.params.n);
        if (!doc) throw notFound(NOT_FOUND);
        return sendCacheable(request, reply, bodies.relations(doc.state.relations.map(({ Snumber, SText, Enumber }) => ({ Snumber, SText, Enumber }))));
      },
    );

    app.get(
      '/api/getColorRelation/:n',
      {
        config: reads,
        schema: {
          tags,
          summary: `Word relations with colour classes (up to ${MAX_RELATION_COLOURS})`,
          params: sentenceParams,
          response: { 200: colouredRelationsAnswer },
        },
      },
      async (request, reply) => {
        const doc = await reader.sentenceDoc(request, request.params.n);
        if (!doc) throw notFound(NOT_FOUND);
        const colours = new Map<number, number>();
        const related = doc.state.relations.map((r) => {
          if (!colours.has(r.Snumber)) colours.set(r.Snumber, (colours.size % MAX_RELATION_COLOURS) + 1);
          return { Snumber: r.Snumber, SText: r.SText, Enumber: r.Enumber, colorClass: `relation-${colours.get(r.Snumber)}` };
        });
        return sendCacheable(request, reply, bodies.colouredRelations(related));
      },
    );

    app.get(
      '/api/dedit/:n/:key',
      {
        config: reads,
        schema: {
          tags,
          summary: `The current value of an editable part of a sentence (${EDITABLE_KEYS.join(', ')})`,
          params: sentenceParams.extend({ key: z.enum(EDITABLE_KEYS) }),
          response: { 200: editableValueAnswer },
        },
      },
      async (request, reply) => {
        const doc = await reader.sentenceDoc(request, request.params.n);
        if (!doc) throw notFound(NOT_FOUND);
        return sendCacheable(
          request,
          reply,
          bodies.editableValue({ Key: request.params.key, Content: editFieldValue(doc.state, request.params.key), id: request.params.n }),
          { private: true },
        );
      },
    );

    app.get(
      '/api/worksection/:layer/:n',
      {
        config: withWorks,
        schema: {
          tags,
          summary: "A commentary layer's work on one sentence, in the user-works shape",
          params: z.object({ layer: layerKeySchema, n: sentenceParams.shape.n }),
          response: { 200: workSectionAnswer },
        },
      },
      async (request, reply) => {
        const [doc, structure] = await Promise.all([reader.sentenceDoc(request, request.params.n), reader.structureOf(request)]);
        const layer = ownEntry(structure.layers, request.params.layer);
        const text = doc?.state.commentary[request.params.layer];
        if (!doc || !layer || text === undefined) throw notFound(NOT_FOUND);
        return sendCacheable(
          request,
          reply,
          bodies.workSection({
            UserPage: layer.label,
            UserField: layer.author,
            ContentSection: [{ Description: text, Urlto: `/${request.params.n}`, SentenceNumber: String(request.params.n), TypeOf: 'text' }],
            ReaderWorks: await readerWorksOnSentence(deps, request, doc.state.id),
          }),
          // What a signed-in reader may do with each reader's work is theirs alone.
          { private: request.actor !== undefined },
        );
      },
    );

    app.get(
      '/api/worksection/books/:layer/:book/:canto',
      {
        config: withWorks,
        schema: {
          tags,
          summary: "A commentary layer's note on a canto",
          params: z.object({ layer: layerKeySchema, book: sectionParams.shape.book, canto: sectionParams.shape.canto }),
          response: { 200: cantoNoteAnswer },
        },
      },
      async (request, reply) => {
        const found = await reader.cantoNote(request, request.params.layer, request.params.book, request.params.canto);
        if (!found) throw notFound(NOT_FOUND);
        const ReaderWorks = await readerWorksInCanto(deps, request, request.params.book, request.params.canto);
        return sendCacheable(request, reply, bodies.cantoNote({ ...found, ReaderWorks }), { private: request.actor !== undefined });
      },
    );

    await app.register(historyRoutes(history, reader, actorNames(deps)));
    await app.register(packRoutes(deps, reader));
  };
}
