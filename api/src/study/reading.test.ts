import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, studyStream, type MyReadingAnswer } from '@epos/schemas';
import { READING_PROJECTION, type ReadingReadModel } from '@epos/projections/study/reading-projection';
import { INFERNO_I } from '../poem/import/fixtures/real-verse.js';
import { importText as importTextInto } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

// Longfellow's Inferno I.1–21 (sentences 1–6, all in Book 1, Canto 1, Section 1).
let api: TestApi;
let ada: Person;

const reading = async (who: Person, timeZone: string, headers: Record<string, string> = {}) => {
  const answer = await who.client.get(`/api/my/reading?timeZone=${encodeURIComponent(timeZone)}`, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<MyReadingAnswer>();
};
const day = (offset: number, timeZone = 'UTC') => dayIn(timeZone, new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  api = await startTestApi();
  await importTextInto(api, INFERNO_I, { fileName: 'inferno.txt' });
  ada = await signIn(api, 'user');
});
afterAll(async () => api.close());

describe("a signed-in reader's reading", () => {
  it('keeps their place, their day (in their own time zone) and one session for records close together', async () => {
    const first = await ada.client.post('/api/my/reading', { sentence: 1, seconds: 30, timeZone: 'Asia/Kolkata' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await ada.client.post('/api/my/reading', { sentence: 3, edition: 'first', seconds: 20, timeZone: 'Asia/Kolkata' });
    expect(second.statusCode).toBe(200);
    const now = await reading(ada, 'Asia/Kolkata', after(second));
    expect(now.position).toMatchObject({ sentence: 3, book: 1, canto: 1, section: 1, edition: 'first' });
    expect(now.today).toEqual({ day: day(0, 'Asia/Kolkata'), seconds: 50 });
    expect(now.days).toEqual([{ day: day(0, 'Asia/Kolkata'), seconds: 50, sections: 1 }]);
    expect(now.sessions).toEqual([{ startedAt: expect.any(String), endedAt: expect.any(String), seconds: 50 }]);
    expect(now.streak).toEqual({ current: 1, longest: 1 });
    // Another reader has none of it.
    const bo = await signIn(api, 'user');
    expect(await reading(bo, 'UTC')).toMatchObject({ position: null, today: { seconds: 0 }, days: [], sessions: [], streak: { current: 0, longest: 0 } });
  });

  it('counts streaks of days: the longest, and the one running up to today or yesterday', async () => {
    const cy = await signIn(api, 'user');
    const record = (offset: number) => ({
      type: 'ReadingRecorded',
      data: { userId: cy.userId, sentence: 1, book: 1, canto: 1, section: 1, edition: 'first', seconds: 60, day: day(offset) },
    });
    // Read 9, 8 and 7 days ago, then yesterday and the day before: the streak runs on to yesterday.
    await api.deps.store.append(studyStream(cy.userId), [-9, -8, -7, -2, -1].map(record), { expectedRevision: 'any', cause: { actor: cy.userId } });
    await caughtUp(api);
    expect((await reading(cy, 'UTC')).streak).toEqual({ current: 2, longest: 3 });
    // Two days without reading end it.
    const dee = await signIn(api, 'user');
    await api.deps.store.append(studyStream(dee.userId), [{ ...record(-3), data: { ...record(-3).data, userId: dee.userId } }], {
      expectedRevision: 'any',
      cause: { actor: dee.userId },
    });
    await caughtUp(api);
    expect((await reading(dee, 'UTC')).streak).toEqual({ current: 0, longest: 1 });
  });

  it('has a daily goal in minutes, counted against the days read, and cleared', async () => {
    const fay = await signIn(api, 'user');
    const record = (offset: number, seconds: number) => ({
      type: 'ReadingRecorded',
      data: { userId: fay.userId, sentence: 1, book: 1, canto: 1, section: 1, edition: 'first', seconds, day: day(offset) },
    });
    await api.deps.store.append(studyStream(fay.userId), [record(-2, 600), record(-1, 599), record(0, 300), record(0, 300)], {
      expectedRevision: 'any',
      cause: { actor: fay.userId },
    });
    const set = await fay.client.post('/api/my/reading/goal', { minutesPerDay: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ minutesPerDay: 10 });
    // Ten minutes met two days ago and today (300 + 300 s), not yesterday (599 s).
    expect((await reading(fay, 'UTC', after(set))).goal).toEqual({ minutesPerDay: 10, daysMet: 2 });
    const cleared = await fay.client.post('/api/my/reading/goal', { minutesPerDay: null });
    expect((await reading(fay, 'UTC', after(cleared))).goal).toEqual({ minutesPerDay: null, daysMet: 0 });
    for (const [body, message] of [
      [{ minutesPerDay: 0 }, 'minutesPerDay: at least 1'],
      [{ minutesPerDay: 601 }, 'minutesPerDay: at most 600'],
      [{}, 'minutesPerDay'],
    ] as const) {
      const refused = await fay.client.post('/api/my/reading/goal', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(message);
    }
  });

  it('refuses bad input with a message naming the field, and appends nothing', async () => {
    const head = await api.deps.store.headPosition();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ sentence: 1, seconds: 0, timeZone: 'UTC' }, 400, 'seconds: at least 1'],
      [{ sentence: 1, seconds: 601, timeZone: 'UTC' }, 400, 'seconds: at most 600'],
      [{ sentence: 1, seconds: 1.5, timeZone: 'UTC' }, 400, 'seconds: expected a whole number of seconds'],
      [{ sentence: 1, seconds: 30, timeZone: 'Mars/Olympus_Mons' }, 400, 'timeZone: expected an IANA time zone'],
      [{ sentence: 1, seconds: 30, timeZone: 'UTC', edition: 'fourth' }, 400, 'edition'],
      [{ sentence: 9_999, seconds: 30, timeZone: 'UTC' }, 404, 'Not Found'],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await ada.client.post('/api/my/reading', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.body).toContain(message);
    }
    expect((await ada.client.get('/api/my/reading?timeZone=Nowhere')).statusCode).toBe(400);
    expect((await new TestClient(api.app).post('/api/my/reading', { sentence: 1, seconds: 30, timeZone: 'UTC' })).statusCode).toBe(401);
    expect((await new TestClient(api.app).get('/api/my/reading')).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('is erased with the account', async () => {
    const eve = await signIn(api, 'user');
    expect((await eve.client.post('/api/my/reading/goal', { minutesPerDay: 15 })).statusCode).toBe(200);
    const recorded = await eve.client.post('/api/my/reading', { sentence: 2, seconds: 45, timeZone: 'UTC' });
    expect(recorded.statusCode).toBe(200);
    expect((await reading(eve, 'UTC', after(recorded))).position).toMatchObject({ sentence: 2 });
    const data = (await eve.client.get('/postdata/mydata', after(recorded))).json();
    expect(data.reading).toEqual({
      days: [{ day: day(0), seconds: 45 }],
      sessions: [{ startedAt: expect.any(String), endedAt: expect.any(String), seconds: 45 }],
    });
    expect((await eve.client.post('/postdata/deleteAccount', { Password: eve.password })).json()).toMatchObject({ type: 1 });
    await caughtUp(api);
    const model = await api.deps.progress.readModel<ReadingReadModel>(READING_PROJECTION);
    for (const table of ['positions', 'sessions', 'days', 'goals'] as const)
      expect(await model.selectFrom(table).select('user_id').where('user_id', '=', eve.userId).execute(), table).toEqual([]);
  });
});
