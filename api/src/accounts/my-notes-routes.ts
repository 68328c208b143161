import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myNotesMarkdown, myNotesPageAnswer, myNotesQuery } from '@epos/schemas';
import { siteUrl } from '@epos/platform';
import { NOTES_PROJECTION, type NotesReadModel } from '@epos/projections/accounts/notes-projection';
import { findMyNotes, MY_NOTES_FILE_LIMIT, MY_NOTES_PAGE_SIZE } from '@epos/projections/accounts/my-notes-queries';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { paging } from '../blogs/views.js';
import { poemQueries } from '../poem/poem-reader.js';
import { readModel } from '../read-models.js';
import { NOTES_FILE_NAME, notesMarkdown } from './notes-markdown.js';
import { signedInUser } from './security.js';

/**
 * All of the signed-in reader's notes: a page at a time for the My notes page, or every one as a
 * markdown file. Searched on the server, so a reader with many notes never loads them all.
 */
export function myNotesRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const reads = { reads: [NOTES_PROJECTION, POEM_PROJECTION] };
    const notesOf = async (request: FastifyRequest, userId: string, q: string, page: { offset: number; limit: number }) =>
      findMyNotes(await readModel<NotesReadModel>(deps, request, NOTES_PROJECTION), await poemQueries(deps, request), userId, q, page);

    app.get(
      '/api/my/notes',
      {
        config: reads,
        schema: {
          tags: ['accounts'],
          summary: "The signed-in reader's notes, newest first, 50 a page; ?q= keeps those whose text or kind holds it",
          querystring: myNotesQuery,
          response: { 200: myNotesPageAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { q, page } = request.query;
        const { notes, total } = await notesOf(request, userId, q, { offset: (page - 1) * MY_NOTES_PAGE_SIZE, limit: MY_NOTES_PAGE_SIZE });
        reply.header('cache-control', 'private, no-store');
        return { bcontent: notes, Paging: paging(page, total, MY_NOTES_PAGE_SIZE), total };
      },
    );

    app.get(
      '/api/my/notes.md',
      {
        config: reads,
        schema: {
          tags: ['accounts'],
          summary: "The signed-in reader's notes (?q= those holding it) as a markdown file, in the poem's order",
          querystring: myNotesQuery.omit({ page: true }),
          response: { 200: myNotesMarkdown },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const [{ notes }, site] = await Promise.all([
          notesOf(request, userId, request.query.q, { offset: 0, limit: MY_NOTES_FILE_LIMIT }),
          (await poemQueries(deps, request)).ownDescription(),
        ]);
        const markdown = notesMarkdown({
          poemTitle: site.title ?? deps.config.POEM_TITLE,
          site: siteUrl(deps.config),
          search: request.query.q,
          notes,
          at: new Date(),
        });
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${NOTES_FILE_NAME}"`)
          .type('text/markdown; charset=utf-8')
          .send(markdown);
      },
    );
  };
}
