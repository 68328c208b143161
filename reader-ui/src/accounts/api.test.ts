import { describe, expect, it } from 'vitest';
import { toAccountResult, toMe } from './api';

describe('toAccountResult', () => {
  it('is a success only for type 1 with a 2xx status', () => {
    expect(toAccountResult(true, { type: 1 })).toEqual({ ok: true });
    expect(toAccountResult(true, { type: 1, message: 'Registered. Check your email for the activation link.' })).toEqual({
      ok: true,
      message: 'Registered. Check your email for the activation link.',
    });
    expect(toAccountResult(false, { type: 1, message: 'odd' })).toEqual({ ok: false, error: 'odd' });
  });

  it('shows the server’s error, on 200 or on an error status', () => {
    expect(toAccountResult(true, { type: 0, error: 'Invalid login attempt.' })).toEqual({ ok: false, error: 'Invalid login attempt.' });
    expect(toAccountResult(false, { type: 0, error: 'Too many attempts' })).toEqual({ ok: false, error: 'Too many attempts' });
    expect(toAccountResult(false, { type: 0, message: 'Refused' })).toEqual({ ok: false, error: 'Refused' });
  });

  it('shows the sentence, not the code, when the site refused the request itself', () => {
    const tooMany = { statusCode: 429, error: 'too_many_requests', message: 'Too many attempts. Try again in a minute.', requestId: 'r1' };
    expect(toAccountResult(false, tooMany)).toEqual({ ok: false, error: 'Too many attempts. Try again in a minute.' });
  });

  it('falls back to the spec’s generic text', () => {
    expect(toAccountResult(true, { type: 0 })).toEqual({ ok: false, error: 'An error occured' });
    expect(toAccountResult(false, null)).toEqual({ ok: false, error: 'An error occured' });
    expect(toAccountResult(true, 'OK')).toEqual({ ok: false, error: 'An error occured' });
    expect(toAccountResult(true, { type: '1' })).toEqual({ ok: false, error: 'An error occured' });
  });
});

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
