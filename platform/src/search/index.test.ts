import { expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { useTestDatabase } from '../testkit/vitest.js';
import { createSearchIndex } from './index.js';

const testDb = useTestDatabase();
const readModels = { schemaOf: async () => 'rm_search_v1' };

it('chooses PostgreSQL by default and Typesense when TYPESENSE_URL is set', async () => {
  const deps = { database: testDb().database, readModels };
  expect(createSearchIndex(loadConfig({}), deps).adapter).toBe('postgres');
  const typesense = createSearchIndex(loadConfig({ TYPESENSE_URL: 'http://127.0.0.1:8108', TYPESENSE_API_KEY: 'k' }), deps);
  expect(typesense.adapter).toBe('typesense');
  await typesense.close();
});

it('refuses a TYPESENSE_URL that is not an http(s) URL, without echoing it', () => {
  expect(() => loadConfig({ TYPESENSE_URL: 'redis://secret@host' })).toThrow(/TYPESENSE_URL: expected a URL like http:\/\/127\.0\.0\.1:8108$/m);
});
