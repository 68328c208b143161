import { describe, expect, it } from 'vitest';
import { BEING_REBUILT_MESSAGE } from '@epos/schemas/api/being-rebuilt';
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
});
