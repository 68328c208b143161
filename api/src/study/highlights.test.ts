import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@epos/platform';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import { sentenceStream, studyStream, type PlacedHighlight } from '@epos/schemas';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import { INFERNO_I } from '../poem/import/fixtures/real-verse.js';
import { importText as importTextInto } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

// Longfellow's Inferno I.1–21: sentence 1 is "Midway upon the journey of our life … had been lost."
let api: TestApi;
let ada: Person;
let bo: Person;

const importText = (content: string) => importTextInto(api, content, { fileName: 'inferno.txt' });
const sentenceIdOf = async (n: number) => (await api.app.inject({ method: 'GET', url: `/api/lineinfo/${n}` })).json<{ sentenceId: number }>().sentenceId;
const setText = async (n: number, edition: 'first' | 'revised', lines: string[]) => {
  const id = await sentenceIdOf(n);
  await handleCommand(api.deps.store, {
    streamId: sentenceStream(id),
    decider: sentenceDecider(id),
    command: { kind: 'setText', edition, lines },
    cause: { actor: 'editor' },
  });
  await caughtUp(api);
};
/** A sentence's text in the First edition now, as highlights are placed on it. */
const textOf = async (n: number) => {
  const headers = { 'x-consistent-after': String(await api.deps.store.headPosition()) };
  return (await api.app.inject({ method: 'GET', url: `/api/lineinfo/${n}`, headers })).json<{ lines: string }>().lines;
};
const make = async (who: Person, body: Record<string, unknown>) => who.client.post('/api/my/highlights', { edition: 'first', colour: 'yellow', ...body });
const sectionOf = async (who: Person, headers: Record<string, string> = {}) => {
  const answer = await who.client.get('/api/my/highlights/section/1/1/1', { 'x-consistent-after': String(await api.deps.store.headPosition()), ...headers });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ highlights: PlacedHighlight[] }>().highlights;
};
const wordsAt = (text: string, place: { start: number; end: number } | null) => (place ? text.slice(place.start, place.end) : null);

beforeAll(async () => {
  api = await startTestApi();
  await importText(INFERNO_I);
  [ada, bo] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
});
afterAll(async () => api.close());

describe('making a highlight', () => {
  it('keeps it for its reader alone, on the words chosen, with its colour, style and note', async () => {
    const made = await make(ada, {
      sentence: 1,
      exact: 'forest dark',
      prefix: 'within a ',
      suffix: ',',
      colour: 'green',
      style: 'underline',
      note: ' The dark wood ',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { highlightId } = made.json<{ highlightId: string }>();
    await caughtUp(api);
    const [mine] = await sectionOf(ada, after(made));
    expect(mine).toMatchObject({
      highlightId,
      sentence: 1,
      madeOn: { sentence: 1, edition: 'first' },
      exact: 'forest dark',
      colour: 'green',
      style: 'underline',
      note: 'The dark wood',
    });
    expect(wordsAt(await textOf(1), mine!.places.first)).toBe('forest dark');
    expect(mine!.places.revised).toBeNull();
    expect(await sectionOf(bo)).toEqual([]);
    // The note is sealed on the stream, never kept there in the clear.
    const events = await api.deps.store.readStream(studyStream(ada.userId));
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ highlightId, note: expect.stringMatching(/^v1\./) })]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('dark wood');
  });

  it('tells equal words apart by the words around them', async () => {
    // "the" stands many times in sentence 1; the reader chose the one before "straightforward".
    const made = await make(ada, { sentence: 1, exact: 'the', prefix: 'For ', suffix: ' straightforward', colour: 'blue' });
    expect(made.statusCode).toBe(200);
    const mine = (await sectionOf(ada, after(made))).find((h) => h.colour === 'blue')!;
    const text = await textOf(1);
    expect(mine.places.first).toEqual({ start: text.indexOf('the straightforward'), end: text.indexOf('the straightforward') + 3 });
    await ada.client.send('DELETE', `/api/my/highlights/${mine.highlightId}`);
  });

  it('refuses bad input with a message naming the field, and appends nothing', async () => {
    const head = await api.deps.store.headPosition();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ sentence: 1, exact: 'forest dark', colour: 'orange' }, 400, 'expected yellow, green, blue, pink or purple'],
      [{ sentence: 1, exact: 'a meadow bright' }, 400, 'The words to highlight are not in this sentence'],
      [{ sentence: 1, exact: '' }, 400, 'Select the words to highlight'],
      [{ sentence: 1, exact: 'forest', edition: 'revised' }, 400, 'This sentence has no text in the Revised edition'],
      [{ sentence: 1, exact: 'forest', note: 'x'.repeat(5_001) }, 400, 'A note may have at most 5,000 characters'],
      [{ sentence: 9_999, exact: 'forest' }, 404, 'Not Found'],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await make(ada, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.body).toContain(message);
    }
    const anonymous = await new TestClient(api.app).post('/api/my/highlights', { sentence: 1, edition: 'first', exact: 'forest', colour: 'yellow' });
    expect(anonymous.statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});

describe('changing and removing a highlight', () => {
  it('changes colour, style and note of its own reader only, and removes it', async () => {
    const made = await make(ada, { sentence: 2, exact: 'forest savage', colour: 'pink' });
    const { highlightId } = made.json<{ highlightId: string }>();
    await caughtUp(api);
    expect((await bo.client.send('PATCH', `/api/my/highlights/${highlightId}`, { colour: 'blue' })).statusCode).toBe(404);
    expect((await ada.client.send('PATCH', `/api/my/highlights/${highlightId}`, {})).body).toContain('Nothing to change');
    const changed = await ada.client.send('PATCH', `/api/my/highlights/${highlightId}`, { colour: 'purple', style: 'wavy', note: 'savage, rough, stern' });
    expect(changed.statusCode).toBe(200);
    await caughtUp(api);
    expect((await sectionOf(ada, after(changed))).find((h) => h.highlightId === highlightId)).toMatchObject({
      colour: 'purple',
      style: 'wavy',
      note: 'savage, rough, stern',
    });
    const cleared = await ada.client.send('PATCH', `/api/my/highlights/${highlightId}`, { note: '' });
    await caughtUp(api);
    expect((await sectionOf(ada, after(cleared))).find((h) => h.highlightId === highlightId)?.note).toBeNull();
    expect((await bo.client.send('DELETE', `/api/my/highlights/${highlightId}`)).statusCode).toBe(404);
    const removed = await ada.client.send('DELETE', `/api/my/highlights/${highlightId}`);
    expect(removed.statusCode).toBe(200);
    await caughtUp(api);
    expect((await sectionOf(ada, after(removed))).some((h) => h.highlightId === highlightId)).toBe(false);
    expect((await ada.client.send('DELETE', `/api/my/highlights/${highlightId}`)).statusCode).toBe(404);
  });
});

describe('a highlight when the text changes', () => {
  it('follows a correction of its words, and shows in another edition where the same words stand', async () => {
    const first = (await textOf(1)).split('\n');
    await setText(
      1,
      'revised',
      first.map((line) => line.replace('forest dark', 'Forest dark')),
    );
    await setText(
      1,
      'first',
      first.map((line) => line.replace('forest dark,', 'forest drear,')),
    );
    const mine = (await sectionOf(ada)).find((h) => h.exact === 'forest dark')!;
    expect(mine.sentence).toBe(1);
    expect(wordsAt(await textOf(1), mine.places.first)).toBe('forest drear');
    expect(mine.places.revised).not.toBeNull();
    expect(mine.places.centenary).toBeNull();
  });

  it('is listed where it was made, placed nowhere, when all its words are gone', async () => {
    const made = await make(ada, { sentence: 2, exact: 'renews the fear', colour: 'yellow' });
    expect(made.statusCode).toBe(200);
    await caughtUp(api);
    const lines = (await textOf(2)).split('\n');
    await setText(
      2,
      'first',
      lines.map((line) => line.replace('renews the fear', 'awakes my dread')),
    );
    const gone = (await sectionOf(ada)).find((h) => h.exact === 'renews the fear')!;
    expect(gone).toMatchObject({ sentence: null, madeOn: { sentence: 2 }, places: { first: null, centenary: null, revised: null } });
  });

  it('goes with its words to the sentence they went to when its sentence is split', async () => {
    const made = await make(ada, { sentence: 3, exact: 'the good to treat', colour: 'green' });
    expect(made.statusCode).toBe(200);
    await caughtUp(api);
    await importText(INFERNO_I.replace('forest dark,', 'forest drear,').replace('death is little more;', 'death is little more.'));
    const moved = (await sectionOf(ada)).find((h) => h.exact === 'the good to treat')!;
    expect(moved.sentence).toBe(4);
    expect(moved.madeOn.sentence).toBe(3);
    expect(wordsAt(await textOf(4), moved.places.first)).toBe('the good to treat');
  });
});

describe("My study: all of a reader's highlights", () => {
  it("lists them in the poem's order or the newest first, by colour and book, and downloads them as markdown and JSON", async () => {
    const dee = await signIn(api, 'user');
    const journey = await make(dee, { sentence: 1, exact: 'journey of our life', note: 'Dante at thirty-five' });
    const bitter = await make(dee, { sentence: 3, exact: 'So bitter', colour: 'blue', style: 'wavy' });
    expect([journey.statusCode, bitter.statusCode]).toEqual([200, 200]);
    await caughtUp(api);
    const list = async (query: string) => {
      const answer = await dee.client.get(`/api/my/highlights${query}`, after(bitter));
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ highlights: (PlacedHighlight & { where: unknown })[] }>().highlights;
    };
    const poemOrder = await list('');
    expect(poemOrder.map((h) => [h.exact, h.sentence, h.where])).toEqual([
      ['journey of our life', 1, { book: 1, canto: 1, section: 1 }],
      ['So bitter', 3, { book: 1, canto: 1, section: 1 }],
    ]);
    expect((await list('?order=date')).map((h) => h.exact)).toEqual(['So bitter', 'journey of our life']);
    expect((await list('?colour=blue')).map((h) => h.exact)).toEqual(['So bitter']);
    expect(await list('?book=2')).toEqual([]);
    for (const [query, field] of [
      ['?colour=red', 'colour'],
      ['?book=0', 'book'],
      ['?order=random', 'order'],
    ] as const) {
      const refused = await dee.client.get(`/api/my/highlights${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(field);
    }

    const markdown = await dee.client.get('/api/my/highlights.md', after(bitter));
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-disposition']).toBe('attachment; filename="my-highlights.md"');
    expect(markdown.body).toMatch(
      /^# My highlights in The Divine Comedy\n\n2 highlights, as of \d{4}-\d{2}-\d{2}\.\n\n## Book 1, Canto 1, Section 1\n\n> journey of our life\n\n\[Sentence 1\]\(http[^)]+\/1\) · First edition · yellow, fill · \d{4}-\d{2}-\d{2}\n\nDante at thirty-five\n\n> So bitter\n/u,
    );
    const json = await dee.client.get('/api/my/highlights.json?colour=yellow', after(bitter));
    expect(json.headers['content-disposition']).toBe('attachment; filename="my-highlights.json"');
    expect(json.json<{ highlights: { exact: string; note: string }[] }>().highlights).toMatchObject([
      { exact: 'journey of our life', note: 'Dante at thirty-five' },
    ]);
    // Nobody else's, and nothing without a session.
    expect((await bo.client.get('/api/my/highlights')).json<{ highlights: { exact: string }[] }>().highlights.map((h) => h.exact)).not.toContain('So bitter');
    expect((await new TestClient(api.app).get('/api/my/highlights')).statusCode).toBe(401);
  });
});

describe("the reader's highlights as their own data", () => {
  it('are in the download of their data, and erased with their account', async () => {
    const cy = await signIn(api, 'user');
    const made = await make(cy, { sentence: 1, exact: 'Midway upon the journey', colour: 'purple', style: 'wavy', note: 'where it begins' });
    expect(made.statusCode).toBe(200);
    const data = (await cy.client.get('/postdata/mydata', after(made))).json();
    expect(data.highlights).toEqual([
      {
        sentence: 1,
        sentenceId: await sentenceIdOf(1),
        edition: 'first',
        words: 'Midway upon the journey',
        colour: 'purple',
        style: 'wavy',
        note: 'where it begins',
        madeAt: expect.any(String),
      },
    ]);
    const deleted = await cy.client.post('/postdata/deleteAccount', { Password: cy.password });
    expect(deleted.json()).toMatchObject({ type: 1 });
    await caughtUp(api);
    const model = await api.deps.progress.readModel<HighlightsReadModel>(HIGHLIGHTS_PROJECTION);
    expect(await model.selectFrom('highlights').select('highlight_id').where('user_id', '=', cy.userId).execute()).toEqual([]);
  });
});
