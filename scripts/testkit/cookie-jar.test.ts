import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.js';

describe('CookieJar', () => {
  it('keeps cookies and drops those cleared or expired', () => {
    const jar = new CookieJar();
    jar.remember(['epos_session=abc; Path=/; HttpOnly', 'epos_csrf=xyz; Path=/']);
    expect(jar.header()).toBe('epos_session=abc; epos_csrf=xyz');
    jar.remember('epos_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(jar.has('epos_session')).toBe(false);
    jar.remember('epos_csrf=new; Max-Age=0');
    expect(jar.header()).toBe('');
  });
});
