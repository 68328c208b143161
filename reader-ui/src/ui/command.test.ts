import { describe, expect, it } from 'vitest';
import { readCommandAnswer } from './command';

describe('readCommandAnswer', () => {
  it('is a success only for type 1 with a 2xx status', () => {
    expect(readCommandAnswer(true, { type: 1 })).toEqual({ ok: true });
    expect(readCommandAnswer(true, { type: 1, message: 'Registered. Check your email for the activation link.' })).toEqual({
      ok: true,
      message: 'Registered. Check your email for the activation link.',
    });
    expect(readCommandAnswer(false, { type: 1, message: 'odd' })).toEqual({ ok: false, error: 'odd' });
  });

  it('shows the server’s error, on 200 or on an error status', () => {
    expect(readCommandAnswer(true, { type: 0, error: 'Invalid login attempt.' })).toEqual({ ok: false, error: 'Invalid login attempt.' });
    expect(readCommandAnswer(false, { type: 0, error: 'Too many attempts' })).toEqual({ ok: false, error: 'Too many attempts' });
    expect(readCommandAnswer(false, { type: 0, message: 'Refused' })).toEqual({ ok: false, error: 'Refused' });
  });

  it('shows the sentence, not the code, when the site refused the request itself', () => {
    const tooMany = { statusCode: 429, error: 'too_many_requests', message: 'Too many attempts. Try again in a minute.', requestId: 'r1' };
    expect(readCommandAnswer(false, tooMany)).toEqual({ ok: false, error: 'Too many attempts. Try again in a minute.' });
  });

  it('takes a write that says no type by its status: its message, or nothing', () => {
    expect(readCommandAnswer(true, { message: 'Post deleted' })).toEqual({ ok: true, message: 'Post deleted' });
    expect(readCommandAnswer(true, null)).toEqual({ ok: true });
  });

  it('falls back to the spec’s generic text', () => {
    expect(readCommandAnswer(true, { type: 0 })).toEqual({ ok: false, error: 'An error occured' });
    expect(readCommandAnswer(false, null)).toEqual({ ok: false, error: 'An error occured' });
    expect(readCommandAnswer(true, 'OK')).toEqual({ ok: false, error: 'An error occured' });
    expect(readCommandAnswer(true, { type: '1' })).toEqual({ ok: false, error: 'An error occured' });
  });
});
