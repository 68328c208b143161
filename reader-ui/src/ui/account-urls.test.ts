import { describe, expect, it } from 'vitest';
import { isOutsideReader, loginHref, queryParam, safeReturnUrl } from './account-urls';

describe('safeReturnUrl', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeReturnUrl('/')).toBe('/');
    expect(safeReturnUrl('/blogs/news')).toBe('/blogs/news');
    expect(safeReturnUrl('/search?q=fire&t=post#r2')).toBe('/search?q=fire&t=post#r2');
    expect(safeReturnUrl('/password')).toBe('/password');
  });

  it('goes home when there is none', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('refuses other sites and anything not a rooted path', () => {
    for (const raw of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example',
      '//evil.example/path',
      '///evil.example',
      'evil.example',
      'blogs',
      'javascript:alert(1)',
      ' /blogs',
    ]) {
      expect(safeReturnUrl(raw), raw).toBe('/');
    }
  });

  it('refuses the tricks browsers turn into another site', () => {
    for (const raw of ['/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/\n/evil.example', '/..//evil.example', '/./\\evil.example', '/%00']) {
      const safe = safeReturnUrl(raw);
      expect(safe.startsWith('//'), raw).toBe(false);
      expect(new URL(safe, 'https://site.example').origin, raw).toBe('https://site.example');
    }
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
    expect(safeReturnUrl('/\t/evil.example')).toBe('/');
    expect(safeReturnUrl('/..//evil.example')).toBe('/');
  });

  it('does not come back to the login page', () => {
    expect(safeReturnUrl('/login')).toBe('/');
    expect(safeReturnUrl('/login?ReturnUrl=/blogs')).toBe('/');
  });
});

describe('loginHref', () => {
  it('carries the current page as ReturnUrl', () => {
    expect(loginHref('/blogs/news?page=2')).toBe('/login?ReturnUrl=%2Fblogs%2Fnews%3Fpage%3D2');
    expect(loginHref('/password')).toBe('/login?ReturnUrl=%2Fpassword');
    expect(loginHref('/account')).toBe('/login?ReturnUrl=%2Faccount');
  });

  it('leaves it out for home and the sign-up screens', () => {
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/login?ReturnUrl=%2Fblogs')).toBe('/login');
    expect(loginHref('/register')).toBe('/login');
    expect(loginHref('/reset-password?userId=1&code=2')).toBe('/login');
  });
});

describe('isOutsideReader', () => {
  it('sends the console to a full page load', () => {
    expect(isOutsideReader('/admin')).toBe(true);
    expect(isOutsideReader('/admin/users')).toBe(true);
    expect(isOutsideReader('/administration')).toBe(false);
    expect(isOutsideReader('/blogs')).toBe(false);
  });
});

describe('queryParam', () => {
  it('reads a parameter whatever its case, decoded', () => {
    expect(queryParam('userId=42&code=a%2Bb%3D', 'userId')).toBe('42');
    expect(queryParam('UserId=42&Code=xyz', 'userId')).toBe('42');
    expect(queryParam('code=a%2Bb%3D', 'code')).toBe('a+b=');
    expect(queryParam('ReturnUrl=%2Fblogs', 'returnurl')).toBe('/blogs');
    expect(queryParam('', 'code')).toBeNull();
  });
});
