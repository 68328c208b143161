import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers.js';

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

describe('security headers by path', () => {
  const headersFor = securityHeaders({ NODE_ENV: 'production' });

  it("give pages helmet's headers with the site's policy, the console inline styles, and the API's documentation page counts as a page", () => {
    for (const path of ['/', '/1/1/1', '/blogs/essays', '/api/docs', '/api/docs/static/index.html', '/admin', '/admin/users']) {
      const headers = headersFor(path);
      expect(headers['content-security-policy'], path).toMatch(/default-src 'self';.*script-src 'self';/);
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
      // Framing is CSP's frame-ancestors alone; the headers no browser in use acts on are not sent.
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
      expect(Object.keys(headers).sort(), path).toEqual([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'permissions-policy',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
      ]);
    }
    expect(headersFor('/admin/users')['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(headersFor('/administrators')['content-security-policy']).toMatch(/style-src 'self';/);
  });

  it('ask browsers to upgrade to https only in production: on a plain-http site they would break same-site redirects (an image to its web size)', () => {
    expect(headersFor('/1/1/1')['content-security-policy']).toContain('upgrade-insecure-requests');
    const development = securityHeaders({ NODE_ENV: 'development' });
    for (const path of ['/', '/1/1/1', '/admin/media']) expect(development(path)['content-security-policy'], path).not.toContain('upgrade-insecure-requests');
  });

  it('give API answers, never pages, a policy that loads nothing and may not be framed, no sniffing, same-origin reads only', () => {
    for (const path of ['/api/sbook/1/1/1', '/api/blogs/essays/feed', '/postdata/create', '/admin-api/users']) {
      expect(headersFor(path), path).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': expect.stringMatching(/max-age=\d+/),
      });
    }
    expect(securityHeaders({ NODE_ENV: 'development' })('/api/site')).not.toHaveProperty('strict-transport-security');
  });

  it("give built assets their app's page policy and referrer policy (a worker runs under those of its script), no sniffing, same-origin reads", () => {
    expect(headersFor('/assets/index-1a2b.js')).toEqual({
      'content-security-policy': headersFor('/')['content-security-policy'],
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': expect.stringMatching(/max-age=\d+/),
    });
    expect(headersFor('/admin/assets/index-3c4d.js')['content-security-policy']).toBe(headersFor('/admin/users')['content-security-policy']);
  });
});
