import { describe, expect, it } from 'vitest';
import { failureMessage } from '../poem/api';
import { base64Bytes, NO_DATA } from './api';

describe('search downloads', () => {
  it('decodes the base64 file to its UTF-8 bytes', () => {
    const text = '# Search: दीपक\n';
    expect(new TextDecoder().decode(base64Bytes(Buffer.from(text, 'utf8').toString('base64')))).toBe(text);
  });
});

describe('search failures', () => {
  it('say "No data " for a 404 and "An error occured" otherwise (spec section 8)', () => {
    expect(failureMessage(404, NO_DATA)).toBe('No data ');
    expect(failureMessage(400, NO_DATA)).toBe('An error occured');
    expect(failureMessage(0, NO_DATA)).toBe('An error occured');
  });
});
