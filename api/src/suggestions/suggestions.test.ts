import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail, TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { SUGGESTION_THANKS } from '@epos/schemas';
import type { AdminSuggestionAnswer } from '@epos/schemas/admin/suggestions';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import type { TestApi } from '../testkit/test-api.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { listQuery } from '../testkit/admin-api.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';

let site: MailTestApi;
let api: TestApi;
let smtp: TestSmtpServer;
let reader: Person;
let editor: Person;

beforeAll(async () => {
  site = await startTestApiWithMail();
  ({ api, smtp } = site);
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  await caughtUp(api);
  reader = await signIn(api, 'user');
  editor = await signIn(api, 'admin');
});
afterAll(async () => site?.close());

const suggest = (person: Person, body: Record<string, unknown>) => person.client.post('/postdata/suggestions', body);
/** The console's review queue (its own tests: api/src/admin/suggestions). */
const queue = async (person: Person, status = 'open', headers: Record<string, string> = {}) => {
  const response = await person.client.get(`/admin-api/suggestions${listQuery({ filter: { status } })}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json<AdminSuggestionAnswer[]>();
};
const mailTo = async (person: Person, subject: RegExp): Promise<ReceivedMail> => {
  const address = `${person.userName}@example.org`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.received.find((m) => m.envelope.to.includes(address) && subject.test(m.parsed.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} about ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('suggested corrections', () => {
  it("turns a reader's translation edit into a suggestion that an editor accepts, crediting both in the history", async () => {
    expect((await reader.client.post('/postdata/utranslations/fr', { SentenceNumber: 3, Translated: 'Non.' })).statusCode).toBe(403);
    const proposed = "Les hirondelles traçaient sur l'air leurs derniers mots,\nEt tous les champs se taisaient, un à un.";
    const made = await suggest(reader, { sentence: 3, part: 'tr-fr', proposed, reason: 'écrire → tracer, closer to "wrote"' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ type: 1, message: SUGGESTION_THANKS });
    const { id } = made.json<{ id: string }>();
    // Nothing changed yet: the text is as it was.
    expect((await api.app.inject({ method: 'GET', url: '/api/translate/3?lang=fr' })).json()).toMatchObject({
      Translated: expect.stringContaining('écrivaient'),
    });

    const open = await queue(editor, 'open', after(made));
    const mine = open.find((s) => s.id === id)!;
    expect(mine).toMatchObject({
      sentence: 3,
      part: 'tr-fr',
      status: 'open',
      suggesterName: reader.name,
      reason: 'écrire → tracer, closer to "wrote"',
      proposed,
      changedSince: false,
    });
    expect(mine.diff).toEqual(
      expect.arrayContaining([
        { op: 'delete', text: 'écrivaient' },
        { op: 'insert', text: 'traçaient' },
      ]),
    );

    expect((await reader.client.post(`/postdata/suggestions/${id}/accept`, {})).statusCode).toBe(403);
    expect((await reader.client.get('/admin-api/suggestions')).statusCode).toBe(403);
    const accepted = await editor.client.post(`/postdata/suggestions/${id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/api/translate/3?lang=fr', headers: after(accepted) })).json()).toMatchObject({ Translated: proposed });
    const history = (await api.app.inject({ method: 'GET', url: '/api/history/sentence/3', headers: after(accepted) })).json<{
      entries: Record<string, unknown>[];
    }>();
    expect(history.entries[0]).toMatchObject({
      part: 'translation:fr',
      actor: editor.userId,
      actorName: editor.name,
      suggestedBy: reader.userId,
      suggestedByName: reader.name,
    });
    expect((await queue(editor, 'open', after(accepted))).map((s) => s.id)).not.toContain(id);
    expect((await queue(editor, 'accepted', after(accepted))).find((s) => s.id === id)).toMatchObject({ status: 'accepted', decidedByName: editor.name });
    expect((await editor.client.post(`/postdata/suggestions/${id}/accept`, {})).json()).toMatchObject({
      statusCode: 409,
      message: 'This suggestion was already accepted.',
    });

    const mail = await mailTo(reader, /accepted/);
    expect(mail.parsed.text).toContain('French translation');
    expect(mail.parsed.text).toContain('https://epos.test/s/3');
  });

  it('declines with a reason, which the suggester is mailed', async () => {
    const made = await suggest(reader, { sentence: 1, part: 'motherNote', proposed: 'Every telling begins with a request for light.' });
    const { id } = made.json<{ id: string }>();
    const blank = await editor.client.post(`/postdata/suggestions/${id}/decline`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: [{ field: 'reason' }] });
    const declined = await editor.client.post(`/postdata/suggestions/${id}/decline`, { reason: 'The note is quoted as written.' });
    expect(declined.statusCode).toBe(200);
    expect((await queue(editor, 'declined', after(declined))).find((s) => s.id === id)).toMatchObject({
      status: 'declined',
      declineReason: 'The note is quoted as written.',
      reason: null,
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/dedit/1/motherNote' })).json()).toMatchObject({
      Content: expect.stringMatching(/^Every true telling/),
    });
    const mail = await mailTo(reader, /declined/);
    expect(mail.parsed.text).toContain('The note is quoted as written.');
  });

  it('refuses to accept a suggestion whose text changed since, saying so, and changes nothing', async () => {
    const made = await suggest(reader, {
      sentence: 2,
      part: 'text-revised',
      proposed: 'Now evening leaned upon the western hills\nAnd poured its amber down the vale of Ondra,\nWhere every roof remembered all the day.',
    });
    const { id } = made.json<{ id: string }>();
    await editor.client.post('/postdata/updatePoem', {
      Key: 'text-revised',
      Content: 'Now evening leaned upon the western hills\nAnd poured its amber down the vale of Ondra,\nWhere every roof recalled the long day.',
      id: 2,
    });
    await caughtUp(api);
    expect((await queue(editor)).find((s) => s.id === id)).toMatchObject({ changedSince: true });
    const head = await api.deps.store.headPosition();
    const refused = await editor.client.post(`/postdata/suggestions/${id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/changed since this suggestion was made/);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('refuses bad input with errors naming the field, and anonymous suggestions', async () => {
    const head = await api.deps.store.headPosition();
    const fieldOf = async (body: Record<string, unknown>, status = 400) => {
      const response = await suggest(reader, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      return response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field);
    };
    expect(await fieldOf({ sentence: 3, part: 'tr-fr', proposed: '   ' })).toEqual(['proposed']);
    expect(
      await fieldOf({
        sentence: 1,
        part: 'aurobindoNote',
        proposed: (await api.app.inject({ method: 'GET', url: '/api/dedit/1/aurobindoNote' })).json<{ Content: string }>().Content,
      }),
    ).toEqual(['proposed']);
    expect(await fieldOf({ sentence: 3, part: 'tr-de', proposed: 'Eine Zeile.\n\nZwei.' })).toEqual(['proposed']);
    expect(await fieldOf({ sentence: 99_999, part: 'tr-fr', proposed: 'x' }, 404)).toEqual(['sentence']);
    expect(await fieldOf({ sentence: 3, part: 'ipa', proposed: 'x' })).toEqual(['part']);
    expect(await fieldOf({ sentence: 3, part: 'tr-fr', proposed: 'x', reason: 'y'.repeat(2001) })).toEqual(['reason']);
    const anonymous = await api.app.inject({ method: 'POST', url: '/postdata/suggestions', payload: { sentence: 3, part: 'tr-fr', proposed: 'x' } });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await editor.client.post('/postdata/suggestions/00000000-0000-4000-8000-000000000000/accept', {})).statusCode).toBe(404);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});
