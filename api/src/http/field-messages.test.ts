import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../testkit/test-api.js';
import { startAdminTestApi } from '../testkit/admin-api.js';
import { signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let admin: Person;
let reader: Person;

beforeAll(async () => {
  ({ api, admin } = await startAdminTestApi());
  reader = await signIn(api, 'user');
});
afterAll(async () => api?.close());

/** Names of request and event fields a person never reads in a message. */
const INTERNAL = /\b(?:Urlto|TypeOf|SentenceNumber|proposed|md_content|text\.first|first\.lines)\b/;

describe('a refused request names its field as the screens do', () => {
  const cases: [string, () => Promise<{ statusCode: number; json: <T>() => T }>, RegExp][] = [
    ['a work of a kind that needs a link, without one', () => reader.client.post('/postdata/works', { TypeOf: 'video', SentenceNumber: '2' }), /^Link: /],
    ['a work on no sentence', () => reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: 'two', Description: 'x' }), /^Sentences: /],
    [
      'a correction with no text',
      () => reader.client.post('/postdata/suggestions', { sentence: 3, part: 'tr-fr', proposed: '' }),
      /corrected text: write the corrected text/,
    ],
    [
      'an edition text too long',
      () => admin.client.send('PUT', '/admin-api/sentences/3', { version: '0', text: { first: 'x'.repeat(100_001) } }),
      /first edition: /,
    ],
  ];
  for (const [what, send, expected] of cases) {
    it(what, async () => {
      const response = await send();
      expect(response.statusCode).toBe(400);
      const { message, fields } = response.json<{ message: string; fields?: { field: string }[] }>();
      expect(message).toMatch(expected);
      expect(message).not.toMatch(INTERNAL);
      // Forms still find the input by the field's own name.
      expect(fields?.length).toBeGreaterThan(0);
    });
  }
});
