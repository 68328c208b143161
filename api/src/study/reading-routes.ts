import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  dayIn,
  myReadingAnswer,
  myReadingQuery,
  readingGoalAnswer,
  readingGoalBody,
  readingRecordedAnswer,
  recordReadingBody,
  type MyReadingAnswer,
} from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { READING_PROJECTION, type ReadingReadModel } from '@epos/projections/study/reading-projection';
import { streaksOf } from '@epos/projections/study/reading-queries';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { parseOr400 } from '../blogs/validation.js';
import { HttpError } from '../http/error-handler.js';
import { signedInUser } from '../accounts/security.js';
import { poemQueries } from '../poem/poem-reader.js';
import { readModel, readModelSchema } from '../read-models.js';
import { studyCommands } from './study-commands.js';

const tags = ['study'];
/** How many of the last sessions the answer lists. */
const LAST_SESSIONS = 10;
const iso = (at: string | Date) => new Date(at).toISOString();

/** The reader's reading: records sent while they read, and where they are, their days, streaks and sessions. */
export function readingRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const { run } = studyCommands(deps);

  return async (app) => {
    app.post(
      '/api/my/reading',
      {
        config: { permission: 'study.reading', reads: [POEM_PROJECTION] },
        schema: {
          tags,
          summary: 'Record reading: the sentence reached, and the seconds read since the last record (page visible and focused)',
          response: { 200: readingRecordedAnswer },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const body = parseOr400(recordReadingBody, request.body);
        const doc = await (await poemQueries(deps, request)).sentence(body.sentence);
        const placement = doc?.state.placement;
        if (!doc || !placement) throw new HttpError(404, 'not_found', 'Not Found');
        const result = await run(request, userId, {
          kind: 'recordReading',
          reading: {
            sentence: doc.state.id,
            book: placement.book,
            canto: placement.canto,
            section: placement.section,
            edition: body.edition,
            seconds: body.seconds,
            day: dayIn(body.timeZone, new Date()),
          },
        });
        return withPosition(reply, result).send({ recorded: true });
      },
    );

    app.post(
      '/api/my/reading/goal',
      {
        config: { permission: 'study.reading', reads: [READING_PROJECTION] },
        schema: { tags, summary: 'Set your daily reading goal in minutes, or clear it with null', response: { 200: readingGoalAnswer } },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { minutesPerDay } = parseOr400(readingGoalBody, request.body);
        const db = await readModel<ReadingReadModel>(deps, request, READING_PROJECTION);
        const current = await db.selectFrom('goals').select('minutes_per_day').where('user_id', '=', userId).executeTakeFirst();
        const result = await run(request, userId, { kind: 'setReadingGoal', minutesPerDay, current: current?.minutes_per_day ?? null });
        return withPosition(reply, result).send({ minutesPerDay });
      },
    );

    app.get(
      '/api/my/reading',
      {
        config: { reads: [READING_PROJECTION, POEM_PROJECTION] },
        schema: {
          tags,
          summary: "The signed-in reader's place to continue from, today's reading, streaks of days, the last ?days= days (in ?timeZone=) and sessions",
          querystring: myReadingQuery,
          response: { 200: myReadingAnswer },
        },
      },
      async (request, reply): Promise<MyReadingAnswer> => {
        const userId = signedInUser(request);
        const { timeZone, days } = request.query;
        const db = await readModel<ReadingReadModel>(deps, request, READING_PROJECTION);
        const schema = await readModelSchema(deps, request, READING_PROJECTION);
        const today = dayIn(timeZone, new Date());
        const [position, calendar, streaks, sessions, goal] = await Promise.all([
          db.selectFrom('positions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
          db
            .selectFrom('days')
            .select([sql<string>`day::text`.as('day'), 'seconds', sql<number>`cardinality(sections)`.as('sections')])
            .where('user_id', '=', userId)
            .where('day', '>', sql<string>`${today}::date - ${days}::int`)
            .orderBy('day')
            .execute(),
          streaksOf(db, schema, userId, today),
          db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('started_at', 'desc').limit(LAST_SESSIONS).execute(),
          db.selectFrom('goals').select('minutes_per_day').where('user_id', '=', userId).executeTakeFirst(),
        ]);
        const minutesPerDay = goal?.minutes_per_day ?? null;
        const number = position ? (await (await poemQueries(deps, request)).numbersOf([position.sentence_id])).get(position.sentence_id) : undefined;
        reply.header('cache-control', 'private, no-store');
        return {
          position:
            position && number !== undefined
              ? {
                  sentence: number,
                  book: position.book,
                  canto: position.canto,
                  section: position.section,
                  edition: position.edition,
                  at: iso(position.read_at),
                }
              : null,
          today: { day: today, seconds: calendar.find((d) => d.day === today)?.seconds ?? 0 },
          streak: streaks,
          goal: { minutesPerDay, daysMet: minutesPerDay === null ? 0 : calendar.filter((d) => d.seconds >= minutesPerDay * 60).length },
          days: calendar.map((d) => ({ day: d.day, seconds: d.seconds, sections: Number(d.sections) })),
          sessions: sessions.map((s) => ({ startedAt: iso(s.started_at), endedAt: iso(s.ended_at), seconds: s.seconds })),
        };
      },
    );
  };
}
