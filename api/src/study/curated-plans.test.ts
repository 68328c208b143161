import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedPlanStream, dayIn, type AdminCuratedPlan, type CuratedPlanAnswer, type CuratedPlansAnswer, type PlanToday } from '@epos/schemas';
import { TWO_CANTOS } from '../poem/import/fixtures/real-verse.js';
import { importText } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { listQuery } from '../testkit/admin-api.js';

/** The editors' reading plans (issue 38): made in the console, listed for everyone, followed by readers with their commentary. */

let api: TestApi;
let editor: Person;
let reader: Person;
const day = (offset: number) => dayIn('UTC', new Date(Date.now() + offset * 86_400_000));
const anyone = () => new TestClient(api.app);

const weekly = {
  title: 'The canto of the week',
  summary: 'A canto a week, read by everyone together.',
  from_book: 1,
  from_canto: 1,
  to_book: 1,
  to_canto: 2,
  split: 'cantos',
  every: 'week',
  // Started last week: this is its second week, Milton's canto.
  calendar_start: day(-7),
  notes: [{ note: 'The dark wood: see ||1||.' }, { note: 'Adam asks about the **stars**.' }],
};
const inThreeDays = {
  title: 'Two cantos in three days',
  summary: '',
  from_book: 1,
  from_canto: 1,
  to_book: 1,
  to_canto: 2,
  split: 'lines',
  every: 'day',
  days: 3,
  calendar_start: '',
  notes: [{ note: 'Begin with the wood.' }, { note: '' }, { note: 'Milton closes.' }],
};

beforeAll(async () => {
  api = await startTestApi();
  await importText(api, TWO_CANTOS, { fileName: 'two-cantos.txt' });
  [editor, reader] = await Promise.all([signIn(api, 'admin'), signIn(api, 'user')]);
});
afterAll(async () => api.close());

describe("the editors' reading plans", () => {
  it('are made in the console with a portion per canto or per share of lines, each with its commentary, and kept in their history', async () => {
    const made = await editor.client.send('POST', '/admin-api/plans', weekly);
    expect(made.statusCode, made.body).toBe(200);
    const plan = made.json<AdminCuratedPlan>();
    expect(plan).toMatchObject({ title: 'The canto of the week', days: 2, calendar_start: day(-7), followers: 0 });
    expect(plan.schedule.map((d) => [d.day, d.startDay, d.endDay, d.portion?.from.canto, d.portion?.to.canto])).toEqual([
      [1, day(-7), day(-1), 1, 1],
      [2, day(0), day(6), 2, 2],
    ]);
    expect(plan.schedule[1]!.noteHtml).toBe('<p>Adam asks about the <strong>stars</strong>.</p>\n');

    const changed = await editor.client.send('PUT', `/admin-api/plans/${plan.id}`, { ...weekly, summary: 'Together, a canto a week.' }, after(made));
    expect(changed.json<AdminCuratedPlan>().summary).toBe('Together, a canto a week.');
    const history = await editor.client.get(`/admin-api/history?streamId=${curatedPlanStream(plan.id)}`, after(changed));
    expect(history.json<{ type: string }[]>().map((e) => e.type)).toEqual([
      'CuratedPlanSaved',
      'CuratedPlanNoteWritten',
      'CuratedPlanNoteWritten',
      'CuratedPlanSaved',
    ]);

    const lines = await editor.client.send('POST', '/admin-api/plans', inThreeDays, after(changed));
    expect(lines.statusCode, lines.body).toBe(200);
    const cut = lines.json<AdminCuratedPlan>().schedule;
    expect(cut).toHaveLength(3);
    expect([cut[0]!.portion!.from.sentence, cut[0]!.startDay, cut[2]!.noteHtml]).toEqual([1, null, '<p>Milton closes.</p>\n']);
    const list = await editor.client.get(`/admin-api/plans${listQuery({ sort: ['title', 'DESC'], range: [0, 0] })}`, after(lines));
    expect([list.headers['content-range'], list.json<AdminCuratedPlan[]>()[0]!.title]).toEqual(['plans 0-0/2', 'Two cantos in three days']);
  });

  it('refuse what cannot be a plan, naming the field, and change nothing', async () => {
    const head = await api.deps.store.headPosition();
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await editor.client.send('POST', '/admin-api/plans', body);
      expect([answer.statusCode, answer.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)], answer.body).toEqual([400, [field]]);
    };
    await refused({ ...weekly, title: ' ' }, 'title');
    await refused({ ...weekly, to_canto: 9 }, 'to_canto');
    await refused({ ...inThreeDays, days: null }, 'days');
    await refused({ ...inThreeDays, days: 1 }, 'notes');
    await refused({ ...weekly, from_canto: 2, to_canto: 1 }, 'to_canto');
    await refused({ ...weekly, calendar_start: 'next week' }, 'calendar_start');
    expect((await reader.client.send('POST', '/admin-api/plans', weekly)).statusCode).toBe(403);
    expect((await editor.client.send('PUT', '/admin-api/plans/00000000-0000-4000-8000-000000000000', weekly)).statusCode).toBe(404);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it("are listed for everyone, a shared calendar with this week's portion and its commentary", async () => {
    const list = await anyone().get('/api/plans?timeZone=UTC');
    expect(list.statusCode, list.body).toBe(200);
    const { plans } = list.json<CuratedPlansAnswer>();
    const week = plans.find((p) => p.title === 'The canto of the week')!;
    expect(week).toMatchObject({ every: 'week', split: 'cantos', portions: 2, current: { day: 2, startDay: day(0), portion: { from: { canto: 2 } } } });
    expect(week.current!.noteHtml).toContain('<strong>stars</strong>');
    expect(plans.find((p) => p.title === 'Two cantos in three days')!.current).toBeNull();

    const one = await anyone().get(`/api/plans/${week.planId}?timeZone=UTC`);
    const days = one.json<CuratedPlanAnswer>().plan.days;
    expect(days.map((d) => d.noteHtml.length > 0)).toEqual([true, true]);
    // ||1|| in the commentary links to the sentence.
    expect(days[0]!.noteHtml).toContain('href="/1"');
    expect((await anyone().get('/api/plans/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("are followed by a reader: the calendar's dates, and the commentary of what today's reading covers", async () => {
    const { plans } = (await anyone().get('/api/plans?timeZone=UTC')).json<CuratedPlansAnswer>();
    const week = plans.find((p) => p.title === 'The canto of the week')!;
    const followed = await reader.client.post('/api/my/plans', { curated: week.planId, timeZone: 'UTC' });
    expect(followed.statusCode, followed.body).toBe(200);
    const plan = followed.json<{ plan: PlanToday }>().plan;
    // Two weeks from the calendar's start; its second week today, behind on the first.
    expect(plan).toMatchObject({ startDay: day(-7), endDay: day(6), day: 8, days: 14, curated: { planId: week.planId, title: 'The canto of the week' } });
    expect(plan.behind.days).toBeGreaterThan(0);
    expect(plan.curated!.notes.map((n) => n.day)).toContain(2);

    const withDays = await reader.client.post('/api/my/plans', { curated: week.planId, days: 3, timeZone: 'UTC' });
    expect([withDays.statusCode, withDays.json<{ message: string }>().message]).toEqual([400, "curated: an editors' plan keeps its own cantos and days"]);
    const none = await reader.client.post('/api/my/plans', { curated: '00000000-0000-4000-8000-000000000000', timeZone: 'UTC' });
    expect([none.statusCode, none.json<{ message: string }>().message]).toEqual([400, 'curated: there is no such reading plan to follow']);

    // Withdrawn: gone from the list, its followers keep their plan and its commentary.
    const withdrawn = await editor.client.send('DELETE', `/admin-api/plans/${week.planId}`, undefined, after(followed));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await anyone().get('/api/plans?timeZone=UTC', after(withdrawn))).json<CuratedPlansAnswer>().plans.map((p) => p.title)).toEqual([
      'Two cantos in three days',
    ]);
    const mine = await reader.client.get('/api/my/plans?timeZone=UTC', after(withdrawn));
    expect(mine.json<{ plans: PlanToday[] }>().plans[0]!.curated?.title).toBe('The canto of the week');
  });
});
