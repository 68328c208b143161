import { describe, expect, it } from 'vitest';
import { BEING_REBUILT_MESSAGE } from '@epos/schemas/api/being-rebuilt';
import { BUSY_CODE } from '@epos/schemas/api/refusals';
import { failureMessage } from '../poem/api';
import { base64Bytes, NO_DATA } from './api';

describe('search downloads', () => {
  it('decodes the base64 file to its UTF-8 bytes', () => {
    const text = '# Search: दीपक\n';
    expect(new TextDecoder().decode(base64Bytes(Buffer.from(text, 'utf8').toString('base64')))).toBe(text);
  });
});

describe('search failures', () => {
  it('say "No data " for a 404, that the part is being rebuilt for that 503, and "An error occured" otherwise (spec section 8)', async () => {
    const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status });
    expect(await failureMessage(answer(404), NO_DATA)).toBe('No data ');
    expect(await failureMessage(answer(400), NO_DATA)).toBe('An error occured');
    expect(await failureMessage(answer(503, { error: 'being_rebuilt' }), NO_DATA)).toBe(BEING_REBUILT_MESSAGE);
    expect(await failureMessage(answer(503, { error: 'unavailable' }), NO_DATA)).toBe('An error occured');
    expect(await failureMessage(new Response('not json', { status: 503 }), NO_DATA)).toBe('An error occured');
  });

  it("say what the server said when it refused for rate (429) or load (503 busy): when to come back, not a generic error", async () => {
    const tooMany = 'Too many searches in a short time (at most 60 a minute). Please wait 42 seconds and try again.';
    const refused = (status: number, body: unknown, retryAfter = '42') => new Response(JSON.stringify(body), { status, headers: { 'retry-after': retryAfter } });
    expect(await failureMessage(refused(429, { error: 'too_many_requests', message: tooMany }), NO_DATA)).toBe(tooMany);
    const busy = 'The site is busy with other searches just now. Please try again in 3 seconds.';
    expect(await failureMessage(refused(503, { error: BUSY_CODE, message: busy }), NO_DATA)).toBe(busy);
    // A 429 from something in between (a proxy), without our message: still what happened and when to come back.
    expect(await failureMessage(new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '30' } }), NO_DATA)).toBe('Too many requests just now. Please wait 30 seconds and try again.');
    expect(await failureMessage(new Response('', { status: 429 }), NO_DATA)).toBe('Too many requests just now. Please wait a minute and try again.');
  });
});
