import { describe, expect, it } from 'vitest';
import { unanswered } from '../ui/http';
import { unsubscribeOutcome } from './unsubscribe-page';

const done = (message: string | undefined) => ({ ok: true, status: 200, data: { message, body: null }, position: null, redirectedTo: null }) as const;
const failed = (status: number) => ({ ...unanswered(), status });

describe('unsubscribeOutcome', () => {
  it('shows the server’s message, or says what happened', () => {
    expect(unsubscribeOutcome(done('Unsubscribed'))).toEqual({ ok: true, text: 'Unsubscribed' });
    expect(unsubscribeOutcome(done(undefined)).ok).toBe(true);
    expect(unsubscribeOutcome(failed(400))).toEqual({ ok: false, text: 'This unsubscribe link is not valid.' });
    expect(unsubscribeOutcome(failed(500))).toEqual({ ok: false, text: 'An error Occured' });
  });
});
