import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { dictionaryEntrySchema } from './routes.js';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const get = (word: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url: `/api/dict/${word}`, headers });

describe('GET /api/dict/:word', () => {
  it('answers a WordNet entry with an ETag, without meanChambers (no second dictionary is shipped)', async () => {
    const response = await get('lamp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('public, max-age=0, stale-while-revalidate=86400');
    const entry = dictionaryEntrySchema.parse(response.json());
    expect(entry).toEqual({
      word: 'lamp',
      lemma: 'lamp',
      mean: [
        { pos: 'noun', lemma: 'lamp', definition: 'an artificial source of visible illumination', examples: [], synonyms: [] },
        { pos: 'noun', lemma: 'lamp', definition: 'a piece of furniture holding one or more electric light bulbs', examples: [], synonyms: [] },
      ],
    });
    expect(response.json()).not.toHaveProperty('meanChambers');
  });

  it('resolves inflected forms: kindled → kindle, hills → hill', async () => {
    const kindled = await get('kindled');
    expect(kindled.statusCode).toBe(200);
    expect(kindled.json()).toMatchObject({ word: 'kindled', lemma: 'kindle' });
    expect(kindled.json().mean).toContainEqual(expect.objectContaining({ pos: 'verb', definition: 'cause to start burning' }));
    expect((await get('hills')).json()).toMatchObject({ lemma: 'hill' });
    expect((await get(encodeURIComponent('Night’s'))).json()).toMatchObject({ word: 'Night’s', lemma: 'night' });
  });

  it('answers 304 to a matching If-None-Match, also once remembered', async () => {
    const first = await get('wandering');
    const again = await get('wandering', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await get('wandering', { 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('answers 404 Not Found for a word WordNet does not have, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('xyzzyqx');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'not_found', message: 'Not Found' });
    }
  });

  it('answers 400 naming the word for anything but letters, apostrophes and hyphens, or over 64 characters', async () => {
    for (const word of ['lamp1', 'two%20words', 'a%3Cb', 'x'.repeat(65)]) {
      const response = await get(word);
      expect(response.statusCode, word).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'validation' });
      expect(response.json().message).toMatch(/^Invalid word: /);
    }
    expect((await get('x'.repeat(64))).statusCode).toBe(404);
  });
});
