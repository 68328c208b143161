import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.js';

describe('security headers computed once', () => {
  it("are helmet's own for the options: the defaults, the policy asked for, HSTS only when asked", () => {
    const headers = helmetHeaders({ contentSecurityPolicy: { directives: { 'style-src': ["'self'"] } }, strictTransportSecurity: false });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
    });
    expect(headers['content-security-policy']).toMatch(/default-src 'self';.*style-src 'self'/);
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('x-powered-by');
    expect(helmetHeaders({ strictTransportSecurity: true })['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
