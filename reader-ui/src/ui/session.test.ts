import { describe, expect, it } from 'vitest';
import { toMe } from './session';

describe('toMe', () => {
  it('reads the logged-in user', () => {
    expect(toMe({ loggedIn: true, userName: 'arjuna', role: 'user' })).toEqual({ loggedIn: true, userName: 'arjuna', role: 'user' });
    expect(toMe({ loggedIn: true })).toEqual({ loggedIn: true });
  });

  it('treats anything else as logged out', () => {
    expect(toMe({ loggedIn: false, userName: 'x' })).toEqual({ loggedIn: false });
    expect(toMe(null)).toEqual({ loggedIn: false });
    expect(toMe({ loggedIn: 'true' })).toEqual({ loggedIn: false });
  });
});
