import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { myNotesMarkdown, myNotesPageAnswer, myNotesQuery, type MyNoteEntry } from '@epos/schemas';
import { siteUrl } from '@epos/platform';
import { NOTES_PROJECTION, type NotesReadModel } from '@epos/projections/accounts/notes-projection';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { paging } from '../blogs/views.js';
import { poemQueries } from '../poem/poem-queries.js';
import { readModel } from '../read-models.js';
import { NOTES_FILE_NAME, notesMarkdown } from './notes-markdown.js';
import { signedInUser } from './security.js';

export const MY_NOTES_PAGE_SIZE = 50;

/** `q` as a LIKE pattern that matches it literally anywhere. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * All of the signed-in reader's notes: a page at a time for the My notes page, or every one as a
 * markdown file. Searched on the server, so a reader with many notes never loads them all.
 */
export function myNotesRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const reads = { reads: [NOTES_PROJECTION, POEM_PROJECTION] };

    /** The reader's notes holding `q` (in their text or kind), newest first; a page of them, or all. */
    const findNotes = async (request: FastifyRequest, userId: string, q: string, page: { offset: number; limit: number } | null) => {
      const db = await readModel<NotesReadModel>(deps, request, NOTES_PROJECTION);
      let mine = db.selectFrom('notes').where('user_id', '=', userId);
      if (q !== '') mine = mine.where((eb) => eb.or([eb('content', 'ilike', containing(q)), eb('rtype', 'ilike', containing(q))]));
      let rows = mine.selectAll().orderBy('saved_at', 'desc').orderBy('note_id');
      if (page) rows = rows.offset(page.offset).limit(page.limit);
      const [found, total] = await Promise.all([rows.execute(), mine.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()]);
      const places = await (await poemQueries(deps, request)).identities(found.map((n) => n.sentence_id));
      const notes: MyNoteEntry[] = found.map((n) => {
        const place = places.get(n.sentence_id);
        const placed = place?.book != null;
        return {
          NoteId: n.note_id,
          Content: n.content,
          Rtype: n.rtype,
          savedAt: new Date(n.saved_at).toISOString(),
          sentenceId: n.sentence_id,
          Sentencenumber: placed ? (place.sentence ?? null) : null,
          book: placed ? place.book : null,
          canto: placed ? (place.canto ?? null) : null,
          section: placed ? (place.section ?? null) : null,
        };
      });
      return { notes, total: Number(total.total) };
    };

    app.get(
      '/api/my/notes',
      { config: reads, schema: { tags: ['accounts'], summary: "The signed-in reader's notes, newest first, 50 a page; ?q= keeps those whose text or kind holds it", querystring: myNotesQuery, response: { 200: myNotesPageAnswer } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { q, page } = request.query;
        const { notes, total } = await findNotes(request, userId, q, { offset: (page - 1) * MY_NOTES_PAGE_SIZE, limit: MY_NOTES_PAGE_SIZE });
        reply.header('cache-control', 'private, no-store');
        return { bcontent: notes, Paging: paging(page, total, MY_NOTES_PAGE_SIZE), total };
      },
    );

    app.get(
      '/api/my/notes.md',
      { config: reads, schema: { tags: ['accounts'], summary: "The signed-in reader's notes (?q= those holding it) as a markdown file, in the poem's order", querystring: myNotesQuery.omit({ page: true }), response: { 200: myNotesMarkdown } } },
      async (request, reply) => {
        const userId = signedInUser(request);
        const [{ notes }, site] = await Promise.all([findNotes(request, userId, request.query.q, null), (await poemQueries(deps, request)).ownDescription()]);
        const markdown = notesMarkdown({ poemTitle: site.title ?? deps.config.POEM_TITLE, site: siteUrl(deps.config), search: request.query.q, notes, at: new Date() });
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${NOTES_FILE_NAME}"`)
          .type('text/markdown; charset=utf-8')
          .send(markdown);
      },
    );
  };
}
