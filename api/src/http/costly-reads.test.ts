import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { SearchQuery, SearchResult } from '@epos/schemas/search/documents';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp } from '../testkit/people.js';
import { poemDemoSeeder } from '../poem/demo-seed.js';

let api: TestApi;

// Small limits, so that a test reaches them in a few requests; a long wait, so that nothing waiting for its turn is refused by the clock.
const env = {
  SEARCH_LIMIT: '3/minute,50/hour',
  SEARCH_DOWNLOAD_LIMIT: '2/minute',
  WIDE_COUNT_LIMIT: '2/minute',
  WIDE_COUNT_SENTENCES: '10',
  SEARCH_DOWNLOADS_AT_ONCE: '2',
  COSTLY_QUEUE: '3',
  COSTLY_WAIT_MS: '60000',
};

beforeAll(async () => {
  api = await startTestApi({ env });
  await poemDemoSeeder.seed(api.deps);
  await caughtUp(api);
}, 300_000);
afterAll(async () => api?.close());

const get = (url: string, address: string) => api.app.inject({ method: 'GET', url, remoteAddress: address });
const statuses = (answers: readonly LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const inTurn = async (url: string, address: string, times: number) => {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i++) answers.push(await get(url, address));
  return answers;
};

describe('limits per address', () => {
  it('answers the 4th search a minute from one address 429, with Retry-After, the RateLimit fields and a message saying when to come back', async () => {
    const answers = await inTurn('/api/v2/search?q=lamp', '198.51.100.1', 4);
    expect(statuses(answers)).toEqual([200, 200, 200, 429]);
    // Answered or refused, each answer tells the policy and what is left of it (draft-ietf-httpapi-ratelimit-headers).
    for (const answer of answers) expect(answer.headers['ratelimit-policy']).toBe('"searches-per-minute";q=3;w=60, "searches-per-hour";q=50;w=3600');
    expect(answers.map((a) => String(a.headers.ratelimit).match(/"searches-per-minute";r=(\d+)/)?.[1])).toEqual(['2', '1', '0', '0']);
    expect(answers[2]!.headers.ratelimit).toMatch(/, "searches-per-hour";r=47;t=\d+$/);

    const refused = answers[3]!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toContain(`"searches-per-minute";r=0;t=${retryAfter}`);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'too_many_requests',
      message: `Too many searches in a short time (at most 3 a minute). Please wait ${retryAfter} seconds and try again.`,
    });

    // Refused again, from memory: a flood of refusals costs no counting.
    const more = await inTurn('/api/v2/search?q=lamp', '198.51.100.1', 5);
    expect(statuses(more)).toEqual(Array(5).fill(429));
    expect(more[4]!.headers['retry-after']).toMatch(/^\d+$/);
    const row = await api.deps.database.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'read:search:198.51.100.1:60000')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(4);
  });

  it('leaves every other address its own limit', async () => {
    expect(statuses(await inTurn('/api/v2/search?q=lamp', '198.51.100.2', 3))).toEqual([200, 200, 200]);
    expect(statuses(await inTurn('/api/v2/search?q=lamp', '198.51.100.3', 1))).toEqual([200]);
    expect((await get('/api/v2/search?q=lamp', '198.51.100.2')).statusCode).toBe(429);
  });

  it('limits downloads of the hits, and counts over a wide range, each by its own limit', async () => {
    const downloads = await inTurn('/api/v2/search/download?q=lamp', '198.51.100.4', 3);
    expect(statuses(downloads)).toEqual([200, 200, 429]);
    expect(downloads[2]!.json<{ message: string }>().message).toMatch(
      /^Too many search downloads in a short time \(at most 2 a minute\)\. Please wait \d+ seconds and try again\.$/,
    );
    expect(downloads[0]!.headers['ratelimit-policy']).toBe('"search-downloads-per-minute";q=2;w=60');
    // The same address's searches are another limit.
    expect((await get('/api/v2/search?q=lamp', '198.51.100.4')).statusCode).toBe(200);

    const wide = await inTurn('/api/count?from=1&to=11', '198.51.100.4', 3);
    expect(statuses(wide)).toEqual([200, 200, 429]);
    expect(wide[2]!.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get('/api/count/cantos?from=1&to=11', '198.51.100.4')).statusCode).toBe(429);
  });

  it('never limits cheap reads: a narrow count, a section, suggestions', async () => {
    const address = '198.51.100.5';
    for (const url of ['/api/count?from=1&to=10', '/api/count/cantos?from=1&to=10', '/api/sbook/1/1/1', '/api/v2/search/suggest?q=la']) {
      const answers = await inTurn(url, address, 30);
      expect(new Set(statuses(answers)), url).toEqual(new Set([200]));
      expect(
        answers.some((a) => a.headers.ratelimit !== undefined),
        url,
      ).toBe(false);
    }
  });
});

describe('how many are answered at once', () => {
  it('answers 2 downloads at a time, keeps 3 waiting and refuses the rest with 503 and Retry-After, while other reads go on', async () => {
    // The index as the routes use it, counting the downloads' reads in flight and holding them until let go.
    const index = api.deps.search;
    const search = index.search.bind(index);
    let inFlight = 0;
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    index.search = async (query: SearchQuery): Promise<SearchResult> => {
      if (query.countOthers !== false) return search(query);
      inFlight++;
      try {
        await gate;
        return await search(query);
      } finally {
        inFlight--;
      }
    };
    try {
      const answers: LightMyRequestResponse[] = [];
      const all = Array.from({ length: 10 }, (_, i) => get(`/api/v2/search/download?q=lamp&t=first`, `203.0.113.${i + 1}`).then((a) => (answers.push(a), a)));
      // Ten asked at once: two are answered, three wait, five are refused at once.
      while (inFlight <= 2 && !(answers.length >= 5 && inFlight === 2)) await new Promise((r) => setTimeout(r, 10));
      expect(inFlight).toBe(2);
      expect(statuses(answers)).toEqual([503, 503, 503, 503, 503]);
      for (const refused of answers) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(refused.headers.ratelimit).toMatch(/^"search-downloads-per-minute";r=1;t=\d+$/);
        expect(refused.json()).toMatchObject({
          statusCode: 503,
          error: 'busy',
          message: expect.stringMatching(/^The site is busy with other search downloads just now\. Please try again in \d+ seconds\.$/),
        });
      }
      // Meanwhile searches (another kind) and cached reads are answered.
      expect((await get('/api/v2/search?q=lamp', '203.0.113.50')).statusCode).toBe(200);
      expect((await get('/api/sbook/1/1/1', '203.0.113.50')).statusCode).toBe(200);
      expect(inFlight).toBe(2);

      letGo();
      const done = await Promise.all(all);
      expect(statuses(done).filter((s) => s === 200)).toHaveLength(5);
      expect(statuses(done).filter((s) => s === 503)).toHaveLength(5);
      // Every place was given back: two more run at once again.
      expect(statuses(await Promise.all([1, 2].map((i) => get('/api/v2/search/download?q=lamp', `203.0.113.${100 + i}`))))).toEqual([200, 200]);
    } finally {
      letGo();
      index.search = search;
    }
  });
});
