import { describe, expect, it } from 'vitest';
import { unsubscribeOutcome } from './unsubscribe-page';

describe('unsubscribeOutcome', () => {
  it('shows the server’s message, or says what happened', () => {
    expect(unsubscribeOutcome({ ok: true, message: 'Unsubscribed', position: null })).toEqual({ ok: true, text: 'Unsubscribed' });
    expect(unsubscribeOutcome({ ok: true, message: undefined, position: null }).ok).toBe(true);
    expect(unsubscribeOutcome({ ok: false, status: 400 })).toEqual({ ok: false, text: 'This unsubscribe link is not valid.' });
    expect(unsubscribeOutcome({ ok: false, status: 500 })).toEqual({ ok: false, text: 'An error Occured' });
  });
});
