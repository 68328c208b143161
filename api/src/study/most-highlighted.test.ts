import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MostHighlightedAnswer } from '@epos/schemas';
import { INFERNO_I } from '../poem/import/fixtures/real-verse.js';
import { importText } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

// Longfellow's Inferno I.1–21: sentence 1 is "Midway upon the journey of our life / I found myself within a forest dark, / For the straightforward pathway had been lost."
let api: TestApi;
let readers: Person[];

const highlight = async (who: Person, exact: string, sentence = 1) => {
  const made = await who.client.post('/api/my/highlights', { sentence, edition: 'first', exact, colour: 'yellow', style: 'fill' });
  expect(made.statusCode, made.body).toBe(200);
  return after(made);
};
const share = async (who: Person, shared: boolean) => {
  const answer = await who.client.post('/api/my/highlights/sharing', { shared });
  expect(answer.statusCode, answer.body).toBe(200);
  return after(answer);
};
const most = async (headers: Record<string, string> = {}) => {
  const answer = await new TestClient(api.app).get('/api/poem/most-highlighted/1/1', headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<MostHighlightedAnswer>();
};

beforeAll(async () => {
  api = await startTestApi();
  await importText(api, INFERNO_I, { fileName: 'inferno.txt' });
  readers = [];
  for (let i = 0; i < 7; i++) readers.push(await signIn(api, 'user'));
});
afterAll(async () => api.close());

describe("a canto's most highlighted lines", () => {
  it('count only readers who chose to share, and show a line once five of them marked it', async () => {
    const [a, b, c, d, e, f, g] = readers as [Person, Person, Person, Person, Person, Person, Person];
    // Four sharing readers mark "forest dark" (line 2); a fifth marks it without sharing.
    for (const who of [a, b, c, d]) await share(who, true);
    for (const who of [a, b, c, d, g]) await highlight(who, 'forest dark');
    let last = await highlight(e, 'Midway upon the journey');
    expect((await most(last)).lines).toEqual([]);
    expect((await most(last)).minReaders).toBe(5);
    // A fifth sharing reader, whose highlight runs over lines 1 and 2: line 2 has five readers, line 1 one.
    await share(e, true);
    last = await highlight(e, 'our life\nI found myself within a forest');
    expect((await most(last)).lines).toEqual([{ sentence: 1, section: 1, line: 2, text: 'I found myself within a forest dark,', readers: 5 }]);
    // A reader counts once per line, however many highlights they make on it.
    last = await highlight(a, 'I found myself');
    expect((await most(last)).lines).toEqual([expect.objectContaining({ line: 2, readers: 5 })]);
    // The reader who did not share starts to: six.
    last = await share(g, true);
    expect((await most(last)).lines).toEqual([expect.objectContaining({ line: 2, readers: 6 })]);
    // Two stop sharing: four, under the bar, and the line is no longer shown.
    await share(f, false);
    await share(b, false);
    last = await share(c, false);
    expect((await most(last)).lines).toEqual([]);
  });

  it('tells each reader their own choice, and the same choice again appends nothing', async () => {
    const reader = readers[6]!;
    const headers = await share(reader, true);
    expect((await reader.client.get('/api/my/highlights/sharing', headers)).json()).toEqual({ shared: true });
    const head = await api.deps.store.headPosition();
    await share(reader, true);
    expect(await api.deps.store.headPosition()).toBe(head);
    expect((await readers[5]!.client.get('/api/my/highlights/sharing')).json()).toEqual({ shared: false });
  });

  it('refuses bad input: an unknown canto is 404, a choice that is not true or false 400, and anonymous readers 401', async () => {
    expect((await new TestClient(api.app).get('/api/poem/most-highlighted/1/9')).statusCode).toBe(404);
    expect((await new TestClient(api.app).get('/api/poem/most-highlighted/0/1')).statusCode).toBe(400);
    expect((await new TestClient(api.app).get('/api/poem/most-highlighted/1/1?edition=fourth')).statusCode).toBe(400);
    const refused = await readers[0]!.client.post('/api/my/highlights/sharing', { shared: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('shared: expected true or false');
    expect((await new TestClient(api.app).post('/api/my/highlights/sharing', { shared: true })).statusCode).toBe(401);
    expect((await new TestClient(api.app).get('/api/my/highlights/sharing')).statusCode).toBe(401);
  });
});
