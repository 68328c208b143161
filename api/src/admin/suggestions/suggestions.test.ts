import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSuggestionAnswer } from '@epos/schemas/admin/suggestions';
import type { TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';

let api: TestApi;
let admin: Person;
let reader: Person;
let other: Person;
/** The suggestions made below, by name, in the order they were made. */
const made: Record<'french' | 'note' | 'verse' | 'german', string> = { french: '', note: '', verse: '', german: '' };

const FRENCH = "Les hirondelles traçaient sur l'air leurs derniers mots,\nEt tous les champs se taisaient, un à un.";
const VERSE = 'Now evening leaned upon the western hills\nAnd poured its amber down the vale of Ondra,\nWhere every roof remembered all the day.';

const list = async (params: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const response = await admin.client.get(`/admin-api/suggestions${listQuery(params)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const ids = async (params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  (await list(params, headers)).json<AdminSuggestionAnswer[]>().map((s) => s.id);
const named = (...names: (keyof typeof made)[]) => names.map((n) => made[n]);
const refusedField = async (params: Record<string, unknown>) => {
  const response = await admin.client.get(`/admin-api/suggestions${listQuery(params)}`);
  expect(response.statusCode, JSON.stringify(params)).toBe(400);
  return response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field);
};
const accept = (person: Person | TestClient, id: string) =>
  (person instanceof TestClient ? person : person.client).post(`/admin-api/suggestions/${id}/accept`, {});
const decline = (person: Person | TestClient, id: string, body: unknown) =>
  (person instanceof TestClient ? person : person.client).post(`/admin-api/suggestions/${id}/decline`, body);

beforeAll(async () => {
  ({ api, admin, reader } = await startAdminTestApi());
  other = await signIn(api, 'user');
  const suggest = async (person: Person, body: Record<string, unknown>) => {
    const response = await person.client.post('/postdata/suggestions', body);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  made.french = (await suggest(reader, { sentence: 3, part: 'tr-fr', proposed: FRENCH, reason: 'écrire → tracer, closer to "wrote"' })).json<{
    id: string;
  }>().id;
  made.note = (await suggest(reader, { sentence: 1, part: 'motherNote', proposed: 'Every telling begins with a request for light.' })).json<{
    id: string;
  }>().id;
  made.verse = (await suggest(reader, { sentence: 2, part: 'text-revised', proposed: VERSE })).json<{ id: string }>().id;
  const last = await suggest(other, { sentence: 3, part: 'tr-de', proposed: 'Eine Zeile.' });
  made.german = last.json<{ id: string }>().id;
  await list({}, after(last));
});
afterAll(async () => api?.close());

describe('admin suggestions: the review queue', () => {
  it('lists every suggestion newest first, filtered by status, suggester and sentence number, searched, sorted and paged', async () => {
    const all = await list();
    expect(all.json<AdminSuggestionAnswer[]>().map((s) => s.id)).toEqual(named('german', 'verse', 'note', 'french'));
    expect(all.headers['content-range']).toBe('suggestions 0-3/4');
    expect(await ids({ sort: ['madeAt', 'ASC'] })).toEqual(named('french', 'note', 'verse', 'german'));
    expect(await ids({ sort: ['part', 'ASC'] })).toEqual(named('note', 'verse', 'german', 'french'));
    expect(await ids({ filter: { status: 'open' } })).toEqual(named('german', 'verse', 'note', 'french'));
    expect(await ids({ filter: { status: ['accepted', 'declined'] } })).toEqual([]);
    expect(await ids({ filter: { suggesterId: other.userId } })).toEqual(named('german'));
    expect(await ids({ filter: { sentence: 3 } })).toEqual(named('german', 'french'));
    expect(await ids({ filter: { sentence: '1' } })).toEqual(named('note'));
    expect(await ids({ filter: { sentence: 99_999 } })).toEqual([]);
    expect(await ids({ filter: { q: 'WROTE' } })).toEqual(named('french'));
    expect(await ids({ filter: { q: 'amber' } })).toEqual(named('verse'));
    expect(await ids({ filter: { id: [made.note, made.french] } })).toEqual(named('note', 'french'));
    const second = await list({ range: [1, 1] });
    expect(second.json<AdminSuggestionAnswer[]>().map((s) => s.id)).toEqual(named('verse'));
    expect(second.headers['content-range']).toBe('suggestions 1-1/4');
  });

  it('shows each suggestion with its word diff, what it corrects and whether the text changed since', async () => {
    const response = await admin.client.get(`/admin-api/suggestions/${made.french}`);
    expect(response.statusCode).toBe(200);
    const french = response.json<AdminSuggestionAnswer>();
    expect(french).toMatchObject({
      sentence: 3,
      part: 'tr-fr',
      partLabel: 'French translation',
      status: 'open',
      suggesterId: reader.userId,
      suggesterName: reader.name,
      reason: 'écrire → tracer, closer to "wrote"',
      proposed: FRENCH,
      changedSince: false,
      decidedByName: null,
    });
    expect(french.diff).toEqual(
      expect.arrayContaining([
        { op: 'delete', text: 'écrivaient' },
        { op: 'insert', text: 'traçaient' },
      ]),
    );
    expect(
      french.diff
        .filter((d) => d.op !== 'insert')
        .map((d) => d.text)
        .join(''),
    ).toBe(french.basedOn);
  });

  it('refuses malformed parameters with a 400 naming them, and unknown ids with a 404', async () => {
    expect(await refusedField({ sort: ['proposed', 'ASC'] })).toEqual(['sort']);
    expect(await refusedField({ range: [5, 1] })).toEqual(['range']);
    expect(await refusedField({ filter: { status: 'maybe' } })).toEqual(['filter']);
    expect(await refusedField({ filter: { sentence: 'three' } })).toEqual(['filter']);
    expect(await refusedField({ filter: { sentence: 0 } })).toEqual(['filter']);
    expect(await refusedField({ filter: { suggesterId: { a: 1 } } })).toEqual(['filter']);
    expect(await refusedField({ filter: { reviewer: 'x' } })).toEqual(['filter']);
    expect((await admin.client.get('/admin-api/suggestions?sort=nope')).json()).toMatchObject({ statusCode: 400, fields: [{ field: 'sort' }] });
    const badId = await admin.client.get('/admin-api/suggestions/not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('id');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.client.get(`/admin-api/suggestions/${unknown}`)).statusCode).toBe(404);
    expect((await accept(admin, unknown)).statusCode).toBe(404);
    expect((await decline(admin, unknown, { reason: 'No.' })).statusCode).toBe(404);
  });

  it('is for administrators only, reads included, and a refused call changes nothing', async () => {
    const head = await api.deps.store.headPosition();
    expect((await reader.client.get('/admin-api/suggestions')).statusCode).toBe(403);
    expect((await reader.client.get(`/admin-api/suggestions/${made.french}`)).statusCode).toBe(403);
    expect((await accept(reader, made.french)).statusCode).toBe(403);
    expect((await decline(reader, made.note, { reason: 'Mine.' })).statusCode).toBe(403);
    const anonymous = new TestClient(api.app, '192.0.2.71');
    expect((await anonymous.get('/admin-api/suggestions')).statusCode).toBe(401);
    expect((await accept(anonymous, made.french)).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});

describe('admin suggestions: decisions', () => {
  it("accepts with the site's own edit, crediting the suggester, once", async () => {
    const counted = async (headers: Record<string, string> = {}) =>
      (await admin.client.get('/admin-api/dashboard', headers)).json<{ suggestionsAwaitingReview: number }>().suggestionsAwaitingReview;
    const before = await counted();
    const accepted = await accept(admin, made.french);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: made.french, status: 'accepted', decidedByName: admin.name, changedSince: false });
    expect((await api.app.inject({ method: 'GET', url: '/api/translate/3?lang=fr', headers: after(accepted) })).json()).toMatchObject({ Translated: FRENCH });
    const history = (await api.app.inject({ method: 'GET', url: '/api/history/sentence/3', headers: after(accepted) })).json<{
      entries: Record<string, unknown>[];
    }>();
    expect(history.entries[0]).toMatchObject({ part: 'translation:fr', actor: admin.userId, suggestedBy: reader.userId, suggestedByName: reader.name });
    expect(await ids({ filter: { status: 'accepted' } }, after(accepted))).toEqual(named('french'));
    expect(await counted(after(accepted))).toBe(before - 1);
    const again = await accept(admin, made.french);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This suggestion was already accepted.' });
  });

  it('declines only with a reason, which the record then shows', async () => {
    const blank = await decline(admin, made.note, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: [{ field: 'reason' }] });
    expect((await decline(admin, made.note, {})).json()).toMatchObject({ statusCode: 400, fields: [{ field: 'reason' }] });
    const declined = await decline(admin, made.note, { reason: 'The note is quoted as written.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ id: made.note, status: 'declined', declineReason: 'The note is quoted as written.', decidedByName: admin.name });
    expect(await ids({ filter: { status: 'declined' } }, after(declined))).toEqual(named('note'));
    expect((await api.app.inject({ method: 'GET', url: '/api/dedit/1/motherNote' })).json()).toMatchObject({
      Content: expect.stringMatching(/^Every true telling/),
    });
    expect((await accept(admin, made.note)).json()).toMatchObject({ statusCode: 409, message: 'This suggestion was already declined.' });
  });

  it('refuses to accept a suggestion whose text changed since, flags it, and changes nothing', async () => {
    const edit = await admin.client.post('/postdata/updatePoem', {
      Key: 'text-revised',
      Content: 'Now evening leaned upon the western hills\nAnd poured its amber down the vale of Ondra,\nWhere every roof recalled the long day.',
      id: 2,
    });
    expect(edit.statusCode).toBe(200);
    expect((await admin.client.get(`/admin-api/suggestions/${made.verse}`, after(edit))).json()).toMatchObject({ changedSince: true, status: 'open' });
    expect((await list({ filter: { sentence: 3 } })).json<AdminSuggestionAnswer[]>().map((s) => s.changedSince)).toEqual([false, false]);
    const head = await api.deps.store.headPosition();
    const refused = await accept(admin, made.verse);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/changed since this suggestion was made/);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});
