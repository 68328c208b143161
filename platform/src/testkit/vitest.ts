import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Gives the calling test file a fresh migrated database, dropped after the file's tests. */
export function useTestDatabase(): () => TestDatabase {
  let current: TestDatabase | null = null;
  beforeAll(async () => {
    current = await createTestDatabase(inject('postgresAdminUrl'), inject('postgresTemplate'));
  });
  afterAll(async () => {
    await current?.drop();
  });
  return () => {
    if (!current) throw new Error('test database not ready: call inside a test or hook');
    return current;
  };
}

/** A fresh migrated database made on demand (for tests that need more than one). */
export function newTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase(inject('postgresAdminUrl'), inject('postgresTemplate'));
}
