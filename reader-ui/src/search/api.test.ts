import { describe, expect, it } from 'vitest';
import { BEING_REBUILT_MESSAGE } from '@epos/schemas/api/being-rebuilt';
import { BUSY_CODE } from '@epos/schemas/api/refusals';
import { resultOf } from '../ui/http';
import { base64Bytes, NO_DATA } from './api';

describe('search downloads', () => {
  it('decodes the base64 file to its UTF-8 bytes', () => {
    const text = '# Search: दीपक\n';
    expect(new TextDecoder().decode(base64Bytes(Buffer.from(text, 'utf8').toString('base64')))).toBe(text);
  });
});

describe('search failures', () => {
  const said = (status: number, body: unknown, retryAfter: string | null = null) => {
    const result = resultOf(status, body, { get: (name) => (name === 'retry-after' ? retryAfter : null) }, { notFound: NO_DATA });
    return result.ok ? null : result.message;
  };

  it('say "No data " for a 404, that the part is being rebuilt for that 503, and "An error occured" otherwise (spec section 8)', () => {
    expect(said(404, {})).toBe('No data ');
    expect(said(400, {})).toBe('An error occured');
    expect(said(503, { error: 'being_rebuilt' })).toBe(BEING_REBUILT_MESSAGE);
    expect(said(503, { error: 'unavailable' })).toBe('An error occured');
    expect(said(503, null)).toBe('An error occured');
  });

  it('say what the server said when it refused for rate (429) or load (503 busy): when to come back, not a generic error', () => {
    const tooMany = 'Too many searches in a short time (at most 60 a minute). Please wait 42 seconds and try again.';
    expect(said(429, { error: 'too_many_requests', message: tooMany }, '42')).toBe(tooMany);
    const busy = 'The site is busy with other searches just now. Please try again in 3 seconds.';
    expect(said(503, { error: BUSY_CODE, message: busy }, '42')).toBe(busy);
    // A 429 from something in between (a proxy), without our message: still what happened and when to come back.
    expect(said(429, null, '30')).toBe('Too many requests just now. Please wait 30 seconds and try again.');
    expect(said(429, null)).toBe('Too many requests just now. Please wait a minute and try again.');
  });
});
