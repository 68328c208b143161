import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { HttpError } from '../http/error-handler.js';
import { poemQueries } from '../poem/poem-reader.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountFailure,
  accountMessages,
  accountSuccess,
  deleteAccountBody,
  issueMessage,
  myDataAnswer,
  myNotesAnswer,
  deleteNoteBody,
  noteBody,
  noteSavedAnswer,
  subscriptionsAnswer,
  updateSubscriptionsBody,
  userStream,
  wholeNumber,
} from '@epos/schemas';
import type { BlogDirectory } from './role-assignment-facts.js';
import { seal } from '@epos/projections/accounts/sealing';
import { NOTES_PROJECTION, type NotesReadModel } from '@epos/projections/accounts/notes-projection';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import { READING_PROJECTION, type ReadingReadModel } from '@epos/projections/study/reading-projection';
import { PLANS_PROJECTION, type PlansReadModel } from '@epos/projections/study/plans-projection';
import { plansOf } from '@epos/projections/study/plan-queries';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { z } from 'zod';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { handleCommand } from '@epos/platform';
import { subscriptionsDecider } from '@epos/domain/accounts/subscriptions';
import { readModel } from '../read-models.js';
import { Credentials } from '@epos/platform/accounts/credentials';
import { pleaseLogIn, signedInUser } from './security.js';
import type { Sessions } from './sessions.js';
import { accountCommand } from './account-commands.js';

/** A reader's own data: notes on sentences, a download of everything, and deleting the account. */
export function personalRoutes(deps: ApiDeps, sessions: Sessions, blogs: BlogDirectory): FastifyPluginAsyncZod {
  const credentials = new Credentials(deps.database.db);
  return async (app) => {
    /** The signed-in reader's own note by its id, or null (another reader's note is never found). */
    const ownNote = async (request: FastifyRequest, userId: string, noteId: string) => {
      const notes = await readModel<NotesReadModel>(deps, request, NOTES_PROJECTION);
      return (
        (await notes
          .selectFrom('notes')
          .select(['note_id', 'sentence_id', 'rtype'])
          .where('user_id', '=', userId)
          .where('note_id', '=', noteId)
          .executeTakeFirst()) ?? null
      );
    };

    app.post(
      '/postdata/myNotes',
      {
        config: { permission: 'notes.save', reads: [NOTES_PROJECTION] },
        schema: {
          tags: ['accounts'],
          summary: 'Save a personal note on a sentence: a new one, or with NoteId an edit of one of yours',
          response: { 200: noteSavedAnswer, 400: accountFailure },
        },
      },
      async (request, reply: FastifyReply) => {
        const userId = signedInUser(request);
        const body = noteBody.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ type: 0, error: issueMessage(body.error.issues[0]!) });
        const key = await credentials.keyOf(userId);
        if (!key) throw pleaseLogIn();
        const { NoteId, Content, Sentencenumber, Rtype } = body.data;
        const sentence = await (await poemQueries(deps, request)).idOf(Sentencenumber);
        if (sentence === null) throw new HttpError(404, 'not_found', 'Not Found');
        const editing = NoteId === undefined ? null : await ownNote(request, userId, NoteId);
        if (NoteId !== undefined && (editing === null || editing.sentence_id !== sentence)) throw new HttpError(404, 'not_found', 'Not Found');
        const noteId = editing?.note_id ?? randomUUID();
        const result = await accountCommand(
          deps.store,
          userId,
          { kind: 'saveNote', note: { noteId, sentence, rtype: editing?.rtype ?? Rtype, content: seal(key, Content) } },
          { actor: userId, correlationId: String(request.id) },
        );
        return withPosition(reply, result).send({ type: 1, message: accountMessages.noteSaved, NoteId: noteId });
      },
    );

    app.post(
      '/postdata/deleteNote',
      {
        config: { permission: 'notes.delete', reads: [NOTES_PROJECTION] },
        schema: { tags: ['accounts'], summary: 'Delete one of your notes', response: { 200: accountSuccess, 400: accountFailure } },
      },
      async (request, reply: FastifyReply) => {
        const userId = signedInUser(request);
        const body = deleteNoteBody.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ type: 0, error: issueMessage(body.error.issues[0]!) });
        if ((await ownNote(request, userId, body.data.NoteId)) === null) throw new HttpError(404, 'not_found', 'Not Found');
        const result = await accountCommand(
          deps.store,
          userId,
          { kind: 'deleteNote', noteId: body.data.NoteId },
          { actor: userId, correlationId: String(request.id) },
        );
        return withPosition(reply, result).send({ type: 1, message: accountMessages.noteDeleted });
      },
    );

    app.get(
      '/postdata/getmynotes/:line',
      {
        config: { reads: [NOTES_PROJECTION, POEM_PROJECTION] },
        schema: {
          tags: ['accounts'],
          summary: "The signed-in reader's notes on a sentence",
          params: z.object({ line: wholeNumber('line') }),
          response: { 200: myNotesAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const sentence = await (await poemQueries(deps, request)).idOf(request.params.line);
        const db = await readModel<NotesReadModel>(deps, request, NOTES_PROJECTION);
        const notes =
          sentence === null
            ? []
            : await db
                .selectFrom('notes')
                .selectAll()
                .where('user_id', '=', userId)
                .where('sentence_id', '=', sentence)
                .orderBy('saved_at')
                .orderBy('note_id')
                .execute();
        reply.header('cache-control', 'private, no-store');
        return notes.map((n) => ({ NoteId: n.note_id, Content: n.content, Sentencenumber: request.params.line, Rtype: n.rtype, savedAt: n.saved_at }));
      },
    );

    app.get(
      '/postdata/mydata',
      {
        config: { reads: [NOTES_PROJECTION, HIGHLIGHTS_PROJECTION, READING_PROJECTION, PLANS_PROJECTION, USERS_PROJECTION, BLOGS_PROJECTION, POEM_PROJECTION] },
        schema: { tags: ['accounts'], summary: 'Everything the site keeps about the signed-in reader, as JSON', response: { 200: myDataAnswer } },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const [users, notes, blogs, study, reading, planning] = await Promise.all([
          readModel<UsersReadModel>(deps, request, USERS_PROJECTION),
          readModel<NotesReadModel>(deps, request, NOTES_PROJECTION),
          readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION),
          readModel<HighlightsReadModel>(deps, request, HIGHLIGHTS_PROJECTION),
          readModel<ReadingReadModel>(deps, request, READING_PROJECTION),
          readModel<PlansReadModel>(deps, request, PLANS_PROJECTION),
        ]);
        const posts = await blogs
          .selectFrom('posts')
          .select(['blog_id', 'url', 'title', 'status', 'markdown', 'created_at', 'published_at'])
          .where('author_id', '=', userId)
          .orderBy('created_at')
          .execute();
        const comments = await blogs
          .selectFrom('comments')
          .select(['comment_id', 'post_id', 'parent_id', 'content', 'created_at'])
          .where('author_id', '=', userId)
          .orderBy('created_at')
          .execute();
        const user = await users.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
        const mine = await notes.selectFrom('notes').selectAll().where('user_id', '=', userId).orderBy('sentence_id').execute();
        const highlights = await study.selectFrom('highlights').selectAll().where('user_id', '=', userId).orderBy('made_at').execute();
        const collections = await study.selectFrom('collections').selectAll().where('user_id', '=', userId).orderBy('made_at').execute();
        const days = await reading
          .selectFrom('days')
          .select([sql<string>`day::text`.as('day'), 'seconds'])
          .where('user_id', '=', userId)
          .orderBy('day')
          .execute();
        const sessions = await reading.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('started_at').execute();
        const plans = await plansOf(planning, userId);
        const bookmarks = await study.selectFrom('bookmarks').selectAll().where('user_id', '=', userId).orderBy('added_at').execute();
        const numbers = await (await poemQueries(deps, request)).numbersOf([...mine, ...highlights, ...bookmarks].map((n) => n.sentence_id));
        const logins = (await deps.store.readStream(userStream(userId))).filter((e) => e.type === 'LoginSucceeded' || e.type === 'LoginFailed');
        reply.header('cache-control', 'private, no-store').header('content-disposition', 'attachment; filename="my-epos-data.json"');
        return {
          account: user
            ? { userName: user.user_name, email: user.email, name: user.name, role: user.role, registeredAt: user.registered_at, lastLogin: user.last_login }
            : null,
          blogs: user?.blogs ?? [],
          subscriptions: user?.subscriptions ?? [],
          logins: logins.map((e) => ({ at: e.metadata.timestamp, succeeded: e.type === 'LoginSucceeded' })),
          notes: mine.map((n) => ({
            sentence: numbers.get(n.sentence_id) ?? null,
            sentenceId: n.sentence_id,
            type: n.rtype,
            content: n.content,
            savedAt: n.saved_at,
          })),
          highlights: highlights.map((h) => ({
            sentence: numbers.get(h.sentence_id) ?? null,
            sentenceId: h.sentence_id,
            edition: h.edition,
            words: h.exact,
            colour: h.colour,
            style: h.style,
            note: h.note,
            madeAt: h.made_at,
          })),
          collections: collections.map((c) => ({ id: c.collection_id, name: c.name, madeAt: c.made_at })),
          bookmarks: bookmarks.map((b) => ({
            sentence: numbers.get(b.sentence_id) ?? null,
            sentenceId: b.sentence_id,
            collection: b.collection_id,
            addedAt: b.added_at,
          })),
          reading: {
            days,
            sessions: sessions.map((s) => ({ startedAt: s.started_at, endedAt: s.ended_at, seconds: s.seconds })),
          },
          plans: plans.map((p) => ({
            id: p.plan_id,
            from: { book: p.from_book, canto: p.from_canto },
            to: { book: p.to_book, canto: p.to_canto },
            startDay: p.start_day,
            endDay: p.end_day,
            linesRead: p.read_lines,
          })),
          comments: comments.map((c) => ({ id: c.comment_id, post: c.post_id, replyTo: c.parent_id, content: c.content, at: c.created_at })),
          posts: posts.map((p) => ({
            blog: p.blog_id,
            url: p.url,
            title: p.title,
            status: p.status,
            markdown: p.markdown,
            createdAt: p.created_at,
            publishedAt: p.published_at,
          })),
        };
      },
    );

    app.get(
      '/postdata/getSubscription',
      {
        config: { reads: [USERS_PROJECTION] },
        schema: { tags: ['accounts'], summary: 'The blogs and which of them the signed-in reader follows', response: { 200: subscriptionsAnswer } },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const db = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
        const subscribed = new Set(
          (await db.selectFrom('users').select('subscriptions').where('user_id', '=', userId).executeTakeFirst())?.subscriptions ?? [],
        );
        reply.header('cache-control', 'private, no-store');
        return {
          BlogsDetails: (await blogs()).map((b) => ({ Blogid: b.id, Blogname: b.name, isSubscribed: subscribed.has(b.id) })),
          Csubscribed: [...subscribed],
        };
      },
    );

    app.post(
      '/postdata/updateSubscriptions',
      {
        config: { permission: 'subscriptions.change' },
        schema: {
          tags: ['accounts'],
          summary: 'Follow or stop following blogs (mail on each new post)',
          response: { 200: accountSuccess, 400: accountFailure },
        },
      },
      async (request, reply) => {
        const body = updateSubscriptionsBody.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ type: 0, error: issueMessage(body.error.issues[0]!) });
        const known = new Set((await blogs()).map((b) => b.id));
        const unknown = body.data.UserBlogs.find((b) => !known.has(b));
        if (unknown) return reply.code(400).send({ type: 0, error: `There is no blog ${unknown}` });
        const userId = request.actor!.id;
        const result = await handleCommand(deps.store, {
          streamId: userStream(userId),
          decider: subscriptionsDecider,
          command: { userId, blogs: body.data.UserBlogs, subscribed: body.data.isSubscribed },
          cause: { actor: userId, correlationId: String(request.id) },
        });
        return withPosition(reply, result).send({ type: 1, message: 'Updated Successfully' });
      },
    );

    app.post(
      '/postdata/deleteAccount',
      {
        config: { permission: 'accounts.delete' },
        schema: {
          tags: ['accounts'],
          summary: 'Delete the account; its personal data becomes unreadable everywhere',
          response: { 200: accountSuccess, 400: accountFailure },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = deleteAccountBody.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ type: 0, error: issueMessage(body.error.issues[0]!) });
        const user = await credentials.byId(userId);
        if (!user || !(await app.passwordChecks.verify(request, user.user_name, user.password_hash, body.data.Password)))
          return reply.code(400).send({ type: 0, error: 'The password is not right' });
        // Destroying the key first shreds the sealed personal data in every event, whatever happens
        // next; credentials and sessions go with it. Then the log records the deletion.
        await credentials.remove(userId);
        await sessions.close(request, reply);
        const result = await accountCommand(deps.store, userId, { kind: 'delete' }, { actor: userId, correlationId: String(request.id) });
        return withPosition(reply, result).send({ type: 1, message: 'Your account has been deleted.' });
      },
    );
  };
}
