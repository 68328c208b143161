import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SESSION_GAP_MINUTES, studyStream } from '@epos/schemas';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { readingProjection, type ReadingReadModel } from './reading-projection.js';

/**
 * Reading sessions: records less than SESSION_GAP_MINUTES apart are one session. The store stamps
 * events with the time they are appended, so the records here are written as rows with the times a
 * reader's page would have sent them at.
 */
const under = useProjectionUnderTest<ReadingReadModel>(readingProjection);

const MINUTE = 60_000;

describe('reading sessions', () => {
  it('go on while records come less than 20 minutes apart, and a new one starts after a longer pause', async () => {
    const database = under.database();
    const userId = randomUUID();
    const start = Date.parse('2026-11-20T08:00:00Z');
    // Each record sent at the end of a minute of reading: 8:01; 8:15 (begun 13 min after 8:01: the same
    // session); 8:35 (begun 19 min after 8:15: still the same); 9:11 (begun 35 min after 8:35: a new one).
    const sentAt = [1, 15, 35, 71].map((m) => new Date(start + m * MINUTE).toISOString());
    for (const [revision, at] of sentAt.entries()) {
      const data = { userId, sentence: 1, book: 1, canto: 1, section: 1, edition: 'first', seconds: 60, day: '2026-11-20' };
      await sql`insert into events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
        values (${studyStream(userId)}, ${revision}, ${randomUUID()}, 'ReadingRecorded', 1, ${JSON.stringify(data)}, ${JSON.stringify({ actor: userId, timestamp: at })})`.execute(
        database.db,
      );
    }
    expect(SESSION_GAP_MINUTES).toBe(20);
    // Anything appended after them is applied after them: then the read model has them.
    const other = randomUUID();
    const model = await under.append(studyStream(other), [{ type: 'ReadingGoalSet', data: { userId: other, minutesPerDay: 10 } }]);
    const sessions = await model
      .selectFrom('sessions')
      .select(['started_at', 'ended_at', 'seconds'])
      .where('user_id', '=', userId)
      .orderBy('started_at')
      .execute();
    expect(sessions.map((s) => [new Date(s.started_at).toISOString(), new Date(s.ended_at).toISOString(), s.seconds])).toEqual([
      ['2026-11-20T08:00:00.000Z', '2026-11-20T08:35:00.000Z', 180],
      ['2026-11-20T09:10:00.000Z', '2026-11-20T09:11:00.000Z', 60],
    ]);
    const days = await model.selectFrom('days').select(['seconds']).where('user_id', '=', userId).execute();
    expect(days).toEqual([{ seconds: 240 }]);
  });
});
