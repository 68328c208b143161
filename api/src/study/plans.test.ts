import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, studyStream, type MyPlansAnswer, type PlanToday } from '@epos/schemas';
import { PLANS_PROJECTION, type PlansReadModel } from '@epos/projections/study/plans-projection';
import { TWO_CANTOS } from '../poem/import/fixtures/real-verse.js';
import { importText } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

let api: TestApi;
let ada: Person;
const today = () => dayIn('UTC', new Date());
const day = (offset: number) => dayIn('UTC', new Date(Date.now() + offset * 86_400_000));

const plansOf = async (who: Person, headers: Record<string, string> = {}) => {
  const answer = await who.client.get('/api/my/plans?timeZone=UTC', headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<MyPlansAnswer>();
};
const started = async (who: Person, body: Record<string, unknown>) => {
  const answer = await who.client.post('/api/my/plans', { timeZone: 'UTC', ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return { plan: answer.json<{ plan: PlanToday }>().plan, headers: after(answer) };
};

beforeAll(async () => {
  api = await startTestApi();
  await importText(api, TWO_CANTOS, { fileName: 'two-cantos.txt' });
  ada = await signIn(api, 'user');
});
afterAll(async () => api.close());

describe("a reader's reading plans", () => {
  it('start over the whole poem in so many days, and show today’s portion in whole sentences', async () => {
    const { plan, headers } = await started(ada, { days: 3 });
    expect(plan).toMatchObject({ whole: true, from: { book: 1, canto: 1 }, to: { book: 1, canto: 2 }, startDay: today(), endDay: day(2), day: 1, days: 3 });
    expect(plan.lines).toBeGreaterThan(21 + 41);
    // The first third of the lines ends inside the Milton: today runs from the first sentence into canto 2.
    expect(plan.today).toMatchObject({ from: { sentence: 1, canto: 1 }, to: { canto: 2 } });
    expect(plan.todayDone).toBe(false);
    const listed = await plansOf(ada, headers);
    expect(listed).toEqual({ today: today(), plans: [plan] });
  });

  it('at so many lines a day: the days it takes, over the cantos chosen', async () => {
    const bo = await signIn(api, 'user');
    const { plan } = await started(bo, { from: { book: 1, canto: 1 }, to: { book: 1, canto: 1 }, linesPerDay: 6 });
    // Inferno I.1–21: 21 lines at 6 a day is 4 days; the first portion ends in the sentence holding line 6.
    expect(plan).toMatchObject({ whole: false, lines: 21, days: 4, endDay: day(3) });
    expect(plan.today).toMatchObject({ from: { sentence: 1 }, lines: expect.any(Number) });
    expect(plan.today!.lines).toBeGreaterThanOrEqual(6);
  });

  it('are read through a sentence: today’s portion done, the next offered to read ahead; undone with null', async () => {
    const cy = await signIn(api, 'user');
    const { plan, headers } = await started(cy, { from: { book: 1, canto: 1 }, to: { book: 1, canto: 1 }, days: 3 });
    const read = await cy.client.post(`/api/my/plans/${plan.planId}/read`, { through: plan.today!.to.sentence, timeZone: 'UTC' }, headers);
    expect(read.statusCode, read.body).toBe(200);
    const done = read.json<{ plan: PlanToday }>().plan;
    expect(done).toMatchObject({ todayDone: true, linesDone: plan.today!.lines, ahead: { from: { sentence: plan.today!.to.sentence + 1 } } });
    expect((await plansOf(cy, after(read))).plans[0]).toEqual(done);
    const undone = await cy.client.post(`/api/my/plans/${plan.planId}/read`, { through: null, timeZone: 'UTC' }, after(read));
    expect((await plansOf(cy, after(undone))).plans[0]).toMatchObject({ todayDone: false, linesDone: 0 });
    // Through its last sentence (Inferno I.1–21 is six): finished.
    const all = await cy.client.post(`/api/my/plans/${plan.planId}/read`, { through: 6, timeZone: 'UTC' }, after(undone));
    expect(all.statusCode, all.body).toBe(200);
    expect((await plansOf(cy, after(all))).plans[0]).toMatchObject({ finished: true, linesDone: 21, today: null });
  });

  it('behind schedule: the days missed, a catch-up portion, and re-pacing to the same end or moving it', async () => {
    const dee = await signIn(api, 'user');
    const planId = '6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    // Started four days ago, five days long: three days' portions are due and none is read.
    await api.deps.store.append(
      studyStream(dee.userId),
      [{ type: 'PlanStarted', data: { userId: dee.userId, planId, fromBook: 1, fromCanto: 1, toBook: 1, toCanto: 2, startDay: day(-3), endDay: day(1) } }],
      { expectedRevision: 'any', cause: { actor: dee.userId } },
    );
    await caughtUp(api);
    const late = (await plansOf(dee)).plans[0]!;
    expect(late).toMatchObject({ day: 4, days: 5, behind: { days: 3 }, catchUp: { from: { sentence: 1 } }, repaceTo: day(1) });
    expect(late.behind.lines).toBe(late.catchUp!.lines);
    expect(late.moveEndTo! > day(1)).toBe(true);

    const repaced = await dee.client.post(`/api/my/plans/${planId}/reschedule`, { how: 'repace', timeZone: 'UTC' });
    expect(repaced.statusCode, repaced.body).toBe(200);
    const onTime = (await plansOf(dee, after(repaced))).plans[0]!;
    expect(onTime).toMatchObject({ endDay: day(1), behind: { days: 0, lines: 0 }, catchUp: null, repaceTo: null, today: { from: { sentence: 1 } } });
    expect(repaced.json<{ plan: PlanToday }>().plan).toEqual(onTime);
    // Not behind: nothing to reschedule, and nothing appended.
    const head = await api.deps.store.headPosition();
    const refused = await dee.client.post(`/api/my/plans/${planId}/reschedule`, { how: 'moveEnd', timeZone: 'UTC' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Nothing to reschedule: you are not behind this plan');
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('moving the end keeps the pace: what is left at the lines a day planned', async () => {
    const eve = await signIn(api, 'user');
    const planId = '7a2b3c4d-5e6f-4a1b-9c8d-7e6f5a4b3c2d';
    await api.deps.store.append(
      studyStream(eve.userId),
      [{ type: 'PlanStarted', data: { userId: eve.userId, planId, fromBook: 1, fromCanto: 1, toBook: 1, toCanto: 1, startDay: day(-6), endDay: day(-4) } }],
      { expectedRevision: 'any', cause: { actor: eve.userId } },
    );
    await caughtUp(api);
    const late = (await plansOf(eve)).plans[0]!;
    // Past its end: no re-pacing to a day gone; 21 lines at 7 a day from today is three days.
    expect(late).toMatchObject({ repaceTo: null, moveEndTo: day(2) });
    const moved = await eve.client.post(`/api/my/plans/${planId}/reschedule`, { how: 'moveEnd', timeZone: 'UTC' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await plansOf(eve, after(moved))).plans[0]).toMatchObject({ endDay: day(2), behind: { days: 0 }, today: { from: { sentence: 1 } } });
  });

  it('are stopped, are the reader’s own, and are erased with the account', async () => {
    const fay = await signIn(api, 'user');
    const { plan, headers } = await started(fay, { days: 10 });
    // Another reader can neither read through nor stop it.
    expect((await ada.client.post(`/api/my/plans/${plan.planId}/read`, { through: 1, timeZone: 'UTC' }, headers)).statusCode).toBe(404);
    expect((await ada.client.send('DELETE', `/api/my/plans/${plan.planId}`, undefined, headers)).statusCode).toBe(404);
    const stopped = await fay.client.send('DELETE', `/api/my/plans/${plan.planId}`, undefined, headers);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await plansOf(fay, after(stopped))).plans).toEqual([]);
    const kept = await started(fay, { days: 10 });
    const data = (await fay.client.get('/postdata/mydata', kept.headers)).json();
    expect(data.plans).toEqual([
      { id: kept.plan.planId, from: { book: 1, canto: 1 }, to: { book: 1, canto: 2 }, startDay: today(), endDay: day(9), linesRead: 0 },
    ]);
    expect((await fay.client.post('/postdata/deleteAccount', { Password: fay.password })).json()).toMatchObject({ type: 1 });
    await caughtUp(api);
    const model = await api.deps.progress.readModel<PlansReadModel>(PLANS_PROJECTION);
    expect(await model.selectFrom('plans').select('plan_id').where('plan_id', '=', kept.plan.planId).execute()).toEqual([]);
  });

  it('refuses bad input with a message naming the field, and appends nothing', async () => {
    const { plan, headers } = await started(ada, { from: { book: 1, canto: 2 }, to: { book: 1, canto: 2 }, days: 2 });
    await ada.client.get('/api/my/plans', headers);
    const head = await api.deps.store.headPosition();
    const refusals: [string, Record<string, unknown>, number, string][] = [
      ['/api/my/plans', { timeZone: 'UTC' }, 400, 'days: give days or linesPerDay, one of them'],
      ['/api/my/plans', { days: 3, linesPerDay: 10, timeZone: 'UTC' }, 400, 'days: give days or linesPerDay, one of them'],
      ['/api/my/plans', { days: 0, timeZone: 'UTC' }, 400, 'days: a whole number from 1 to 3660'],
      ['/api/my/plans', { days: 3, from: { book: 1, canto: 1 }, timeZone: 'UTC' }, 400, 'to: give both from and to, or neither for the whole poem'],
      ['/api/my/plans', { days: 3, from: { book: 1, canto: 9 }, to: { book: 1, canto: 9 }, timeZone: 'UTC' }, 400, 'from: the poem has no canto 9 in book 1'],
      ['/api/my/plans', { days: 3, from: { book: 1, canto: 2 }, to: { book: 1, canto: 1 }, timeZone: 'UTC' }, 400, 'to: the plan ends before it begins'],
      ['/api/my/plans', { days: 3, startDay: '1999-01-01', timeZone: 'UTC' }, 400, 'startDay: a plan starts within a year of today'],
      ['/api/my/plans', { days: 3, timeZone: 'Mars/Olympus_Mons' }, 400, 'timeZone: expected an IANA time zone'],
      [`/api/my/plans/${plan.planId}/read`, { through: 1, timeZone: 'UTC' }, 400, 'through: sentence 1 is not in this plan'],
      [`/api/my/plans/${plan.planId}/read`, { through: 99_999, timeZone: 'UTC' }, 400, 'through: sentence 99999 is not in this plan'],
      [`/api/my/plans/${plan.planId}/reschedule`, { how: 'later', timeZone: 'UTC' }, 400, 'how: expected repace or moveEnd'],
      ['/api/my/plans/not-a-plan/read', { through: 1, timeZone: 'UTC' }, 400, 'expected a plan id'],
    ];
    for (const [url, body, status, message] of refusals) {
      const refused = await ada.client.post(url, body);
      expect(refused.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(refused.body).toContain(message);
    }
    expect((await new TestClient(api.app).post('/api/my/plans', { days: 3, timeZone: 'UTC' })).statusCode).toBe(401);
    expect((await new TestClient(api.app).get('/api/my/plans')).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});
