import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-options.js';

describe('parseCli', () => {
  it('reads the budget, the seed and the target', () => {
    const options = parseCli(['--seconds', '90', '--seed', '42', '--quick', '--url', 'http://localhost:3000/', '--login', 'admin:root:pa:ss']);
    expect(options).toMatchObject({ seconds: 90, seed: 42, tier: 1, url: 'http://localhost:3000' });
    expect(options.credentials.admin).toEqual({ userName: 'root', password: 'pa:ss' });
    expect(options.credentials.reader?.userName).toBe('reader');
  });

  it('runs three minutes by default, and refuses what it does not know', () => {
    expect(parseCli([]).seconds).toBe(180);
    expect(parseCli(['--requests', '10']).seconds).toBeUndefined();
    expect(() => parseCli(['--seconds', 'ten'])).toThrow(/whole number/);
    expect(() => parseCli(['--fast'])).toThrow(/unknown option/);
  });
});
