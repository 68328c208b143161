import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Credentials } from '@epos/platform/accounts/credentials';
import { seal } from '@epos/projections/accounts/sealing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { userStream, type MyNotesPageAnswer } from '@epos/schemas';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { MY_NOTES_PAGE_SIZE } from '@epos/projections/accounts/my-notes-queries';

let api: TestApi;
let ada: Person;
let bo: Person;

const save = async (who: Person, Sentencenumber: number, Content: string) => {
  const saved = await who.client.post('/postdata/myNotes', { Content, Sentencenumber, Rtype: 'note' });
  expect(saved.json()).toMatchObject({ type: 1 });
  return after(saved);
};
const list = async (who: Person, query = '', headers: Record<string, string> = {}) => {
  const answer = await who.client.get(`/api/my/notes${query}`, headers);
  expect(answer.statusCode).toBe(200);
  return answer.json<MyNotesPageAnswer>();
};

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL: 'https://epos.example.org' } });
  await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'test' } },
  );
  await caughtUp(api);
  [ada, bo] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
  await save(ada, 3, 'The keeper counts the stars, as in ||12||.');
  await save(ada, 40, 'Ilvara crosses the river: 100% resolve_here.');
  await save(bo, 3, "Bo's own thought.");
  await caughtUp(api);
});
afterAll(async () => api.close());

describe('GET /api/my/notes', () => {
  it("lists only the reader's own notes, newest first, with where each sentence stands", async () => {
    const page = await list(ada);
    expect(page.total).toBe(2);
    expect(page.Paging).toEqual({ CurrentPage: 1, TotalPagesCount: 1, Skip: 0 });
    expect(page.bcontent.map((n) => n.Content)).toEqual(['Ilvara crosses the river: 100% resolve_here.', 'The keeper counts the stars, as in ||12||.']);
    expect(page.bcontent[1]).toMatchObject({
      Sentencenumber: 3,
      book: 1,
      canto: 1,
      section: 1,
      Rtype: 'note',
      sentenceId: expect.any(Number),
      NoteId: expect.any(String),
    });
    expect(page.bcontent[0]).toMatchObject({ Sentencenumber: 40, book: 2 });
    expect((await list(bo)).bcontent.map((n) => n.Content)).toEqual(["Bo's own thought."]);
  });

  it('keeps the notes that hold the search, ignoring case, with LIKE wildcards taken literally', async () => {
    expect((await list(ada, '?q=STARS')).bcontent.map((n) => n.Sentencenumber)).toEqual([3]);
    expect((await list(ada, `?q=${encodeURIComponent('100%')}`)).bcontent.map((n) => n.Sentencenumber)).toEqual([40]);
    expect((await list(ada, '?q=e_h')).total).toBe(1);
    // an unescaped _ would match the space in "counts the"
    expect((await list(ada, '?q=s_t')).total).toBe(0);
    expect((await list(ada, `?q=${encodeURIComponent('\\')}`)).total).toBe(0);
    expect((await list(ada, '?q=%25')).total).toBe(1);
    expect(await list(ada, '?q=nowhere')).toMatchObject({ bcontent: [], total: 0 });
    expect((await list(ada, `?q=${encodeURIComponent("Bo's")}`)).total).toBe(0);
  });

  it('pages 50 at a time', async () => {
    const carl = await signIn(api, 'user');
    // Straight into the log: the notes route allows 30 a minute.
    const key = (await new Credentials(api.deps.database.db).keyOf(carl.userId))!;
    for (let i = 1; i <= MY_NOTES_PAGE_SIZE + 2; i++) {
      const data = { userId: carl.userId, noteId: randomUUID(), sentence: 1 + (i % 60), rtype: 'note', content: seal(key, `Note number ${i}`) };
      await api.deps.store.append(userStream(carl.userId), [{ type: 'NoteSaved', data }], { expectedRevision: 'stream_exists', cause: { actor: carl.userId } });
    }
    await caughtUp(api);
    const first = await list(carl);
    expect(first).toMatchObject({ total: MY_NOTES_PAGE_SIZE + 2, Paging: { CurrentPage: 1, TotalPagesCount: 2 } });
    expect(first.bcontent).toHaveLength(MY_NOTES_PAGE_SIZE);
    const second = await list(carl, '?page=2');
    expect(second).toMatchObject({ Paging: { CurrentPage: 2, Skip: MY_NOTES_PAGE_SIZE } });
    expect(new Set([...first.bcontent, ...second.bcontent].map((n) => n.Content)).size).toBe(MY_NOTES_PAGE_SIZE + 2);
  });

  it('refuses a bad page or search by name, and anonymous visitors', async () => {
    const bad = await ada.client.get('/api/my/notes?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('page: expected a page number');
    const long = await ada.client.get(`/api/my/notes?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('q: a search has at most 200 characters');
    expect((await new TestClient(api.app).get('/api/my/notes')).statusCode).toBe(401);
    expect((await new TestClient(api.app).get('/api/my/notes.md')).statusCode).toBe(401);
  });
});

describe('GET /api/my/notes.md', () => {
  it("sends the reader's notes as a markdown attachment, in the poem's order, with absolute links", async () => {
    const file = await ada.client.get('/api/my/notes.md');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="my-notes.md"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const text = file.body;
    expect(text).toMatch(/^# My notes on The Lamp of Evening\n\n2 notes, as of \d{4}-\d{2}-\d{2}\.\n/);
    expect(text.indexOf('## [Sentence 3](https://epos.example.org/s/')).toBeGreaterThan(0);
    expect(text.indexOf('## [Sentence 3]')).toBeLessThan(text.indexOf('## [Sentence 40]'));
    expect(text).toContain('The keeper counts the stars, as in [12](https://epos.example.org/12).');
    expect(text).toMatch(/\*note, \d{4}-\d{2}-\d{2}\*/);
    expect(text).not.toContain("Bo's");
  });

  it('holds only the notes matching ?q=', async () => {
    const text = (await ada.client.get('/api/my/notes.md?q=river')).body;
    expect(text).toContain('1 note containing “river”');
    expect(text).toContain('Ilvara crosses the river');
    expect(text).not.toContain('The keeper counts');
  });
});
