import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testkit/vitest.js';
import { EffectsDone } from './effects-done.js';

describe('effects done', () => {
  const db = useTestDatabase();

  it('remembers an effect once by its key, and forgets the old ones', async () => {
    const done = new EffectsDone(db().database.db);
    expect(await done.has('mail.send:post-1-a')).toBe(false);
    await done.record('mail.send:post-1-a');
    await done.record('mail.send:post-1-a');
    expect(await done.has('mail.send:post-1-a')).toBe(true);
    expect(await done.prune(60_000)).toBe(0);
    expect(await done.has('mail.send:post-1-a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await done.prune(1)).toBe(1);
    expect(await done.has('mail.send:post-1-a')).toBe(false);
  });
});
