import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookmarkAnswer,
  bookmarkBody,
  bookmarkIdParams,
  collectionBody,
  collectionIdParams,
  collectionMadeAnswer,
  moveBookmarkBody,
  myBookmarksAnswer,
  myBookmarksMarkdown,
  myBookmarksQuery,
  sentenceBookmarksAnswer,
  sentenceBookmarksParams,
  type MyBookmarksAnswer,
} from '@epos/schemas';
import { siteUrl } from '@epos/platform';
import type { PoemQueries } from '@epos/projections/poem/poem-queries';
import { BOOKMARKS_FILE_NAME, bookmarksMarkdown } from './bookmarks-markdown.js';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { parseOr400 } from '../blogs/validation.js';
import { HttpError } from '../http/error-handler.js';
import { signedInUser } from '../accounts/security.js';
import { poemQueries } from '../poem/poem-reader.js';
import { readModel } from '../read-models.js';
import { studyCommands } from './study-commands.js';
import { readerBookmarks } from './placed-bookmarks.js';
import { alreadyIn, bookmarkCount, bookmarkOf, collectionFact, collectionsOf, nameTaken } from '@epos/projections/study/bookmark-queries';

const tags = ['study'];
const reads = { reads: [HIGHLIGHTS_PROJECTION, POEM_PROJECTION] } as const;
const write = { permission: 'study.bookmark', ...reads } as const;

/** A reader's bookmarks, in the unnamed "Bookmarks" or in collections they name. */
export function bookmarkRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const study = (request: FastifyRequest) => readModel<HighlightsReadModel>(deps, request, HIGHLIGHTS_PROJECTION);
  const { run, sealed } = studyCommands(deps);

  /** What My study lists: the collections, how many are in "Bookmarks", and the bookmarks the query asks for. */
  const listOf = async (request: FastifyRequest, poem?: PoemQueries): Promise<MyBookmarksAnswer> => {
    const userId = signedInUser(request);
    const query = parseOr400(myBookmarksQuery, request.query);
    const db = await study(request);
    const [collections, unnamed, bookmarks] = await Promise.all([
      collectionsOf(db, userId),
      bookmarkCount(db, userId, true),
      readerBookmarks(db, poem ?? (await poemQueries(deps, request)), userId, query),
    ]);
    return { unnamed, collections, bookmarks };
  };

  return async (app) => {
    app.post(
      '/api/my/collections',
      { config: write, schema: { tags, summary: 'Make a named collection of bookmarks', response: { 200: collectionMadeAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { name } = parseOr400(collectionBody, request.body);
        // Read once: how many there are, and their names.
        const collections = await collectionsOf(await study(request), userId);
        const collectionId = randomUUID();
        const result = await run(request, userId, {
          kind: 'makeCollection',
          collection: { collectionId, name: await sealed(userId, name) },
          standing: collections.length,
          nameTaken: nameTaken(collections, name),
        });
        return withPosition(reply, result).send({ collectionId });
      },
    );

    app.patch(
      '/api/my/collections/:collectionId',
      { config: write, schema: { tags, summary: 'Rename one of your collections', params: collectionIdParams, response: { 200: collectionMadeAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { name } = parseOr400(collectionBody, request.body);
        const { collectionId } = request.params;
        const db = await study(request);
        const result = await run(request, userId, {
          kind: 'renameCollection',
          collection: { collectionId, name: await sealed(userId, name) },
          exists: (await collectionFact(db, userId, collectionId)) !== null,
          nameTaken: nameTaken(await collectionsOf(db, userId), name, collectionId),
        });
        return withPosition(reply, result).send({ collectionId });
      },
    );

    app.delete(
      '/api/my/collections/:collectionId',
      {
        config: write,
        schema: {
          tags,
          summary: 'Remove one of your collections and the bookmarks in it',
          params: collectionIdParams,
          response: { 200: collectionMadeAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { collectionId } = request.params;
        const exists = (await collectionFact(await study(request), userId, collectionId)) !== null;
        const result = await run(request, userId, { kind: 'removeCollection', collectionId, exists });
        return withPosition(reply, result).send({ collectionId });
      },
    );

    app.post(
      '/api/my/bookmarks',
      { config: write, schema: { tags, summary: 'Bookmark a sentence in "Bookmarks" or a collection of yours', response: { 200: bookmarkAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(bookmarkBody, request.body);
        const sentenceId = await (await poemQueries(deps, request)).idOf(body.sentence);
        if (sentenceId === null) throw new HttpError(404, 'not_found', 'Not Found');
        const db = await study(request);
        const bookmarkId = randomUUID();
        const result = await run(request, userId, {
          kind: 'bookmark',
          bookmark: { bookmarkId, sentence: sentenceId, collectionId: body.collectionId },
          standing: await bookmarkCount(db, userId),
          collection: await collectionFact(db, userId, body.collectionId),
          alreadyIn: await alreadyIn(db, userId, sentenceId, body.collectionId),
        });
        return withPosition(reply, result).send({ bookmarkId });
      },
    );

    app.patch(
      '/api/my/bookmarks/:bookmarkId',
      {
        config: write,
        schema: { tags, summary: 'Move one of your bookmarks to another collection', params: bookmarkIdParams, response: { 200: bookmarkAnswer } },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { collectionId } = parseOr400(moveBookmarkBody, request.body);
        const { bookmarkId } = request.params;
        const db = await study(request);
        const row = await bookmarkOf(db, userId, bookmarkId);
        const result = await run(request, userId, {
          kind: 'moveBookmark',
          move: { bookmarkId, collectionId },
          exists: row !== undefined,
          collection: await collectionFact(db, userId, collectionId),
          alreadyIn: row !== undefined && (await alreadyIn(db, userId, row.sentence_id, collectionId, bookmarkId)),
        });
        return withPosition(reply, result).send({ bookmarkId });
      },
    );

    app.delete(
      '/api/my/bookmarks/:bookmarkId',
      { config: write, schema: { tags, summary: 'Remove one of your bookmarks', params: bookmarkIdParams, response: { 200: bookmarkAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { bookmarkId } = request.params;
        const exists = (await bookmarkOf(await study(request), userId, bookmarkId)) !== undefined;
        const result = await run(request, userId, { kind: 'removeBookmark', bookmarkId, exists });
        return withPosition(reply, result).send({ bookmarkId });
      },
    );

    app.get(
      '/api/my/bookmarks',
      {
        config: reads,
        schema: {
          tags,
          summary: "The signed-in reader's collections and bookmarks, placed now: in the poem's order or the newest first; ?collection=, ?book=",
          querystring: myBookmarksQuery,
          response: { 200: myBookmarksAnswer },
        },
      },
      async (request, reply) => {
        const list = await listOf(request);
        reply.header('cache-control', 'private, no-store');
        return list;
      },
    );

    app.get(
      '/api/my/bookmarks.json',
      {
        config: reads,
        schema: { tags, summary: 'The same bookmarks as a JSON file to keep', querystring: myBookmarksQuery, response: { 200: myBookmarksAnswer } },
      },
      async (request, reply) => {
        const list = await listOf(request);
        return reply.header('cache-control', 'private, no-store').header('content-disposition', 'attachment; filename="my-bookmarks.json"').send(list);
      },
    );

    app.get(
      '/api/my/bookmarks.md',
      {
        config: reads,
        schema: {
          tags,
          summary: 'The same bookmarks as a markdown file, a heading per collection',
          querystring: myBookmarksQuery,
          response: { 200: myBookmarksMarkdown },
        },
      },
      async (request, reply) => {
        const poem = await poemQueries(deps, request);
        const [list, site] = await Promise.all([listOf(request, poem), poem.ownDescription()]);
        const markdown = bookmarksMarkdown({ poemTitle: site.title ?? deps.config.POEM_TITLE, site: siteUrl(deps.config), ...list, at: new Date() });
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${BOOKMARKS_FILE_NAME}"`)
          .type('text/markdown; charset=utf-8')
          .send(markdown);
      },
    );

    app.get(
      '/api/my/bookmarks/sentence/:sentence',
      {
        config: reads,
        schema: {
          tags,
          summary: "A sentence's bookmarks (its running number) and the reader's collections",
          params: sentenceBookmarksParams,
          response: { 200: sentenceBookmarksAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const sentenceId = await (await poemQueries(deps, request)).idOf(request.params.sentence);
        if (sentenceId === null) throw new HttpError(404, 'not_found', 'Not Found');
        const db = await study(request);
        const [collections, bookmarks] = await Promise.all([
          collectionsOf(db, userId),
          db.selectFrom('bookmarks').select(['bookmark_id', 'collection_id']).where('user_id', '=', userId).where('sentence_id', '=', sentenceId).execute(),
        ]);
        reply.header('cache-control', 'private, no-store');
        return { collections, bookmarks: bookmarks.map((b) => ({ bookmarkId: b.bookmark_id, collectionId: b.collection_id })) };
      },
    );
  };
}
