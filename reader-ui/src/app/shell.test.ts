import { describe, expect, it } from 'vitest';
import { isActivePath } from './nav';
import { DEFAULT_SITE_NAME, pageTitle, siteNameFrom } from './site';

describe('site name', () => {
  it('uses the initial document title, or Epos when there is none', () => {
    expect(siteNameFrom('  The Poem  ')).toBe('The Poem');
    expect(siteNameFrom('')).toBe(DEFAULT_SITE_NAME);
    expect(siteNameFrom(undefined)).toBe('Epos');
  });

  it('builds page titles', () => {
    expect(pageTitle(undefined, 'Epos')).toBe('Epos');
    expect(pageTitle('Not Found', 'Epos')).toBe('Not Found · Epos');
  });
});

describe('isActivePath', () => {
  it('marks home only on the home page', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/blogs', '/')).toBe(false);
  });

  it('marks a section on its whole subtree but not on look-alike paths', () => {
    expect(isActivePath('/blogs', '/blogs')).toBe(true);
    expect(isActivePath('/blogs/news/hello', '/blogs')).toBe(true);
    expect(isActivePath('/blogsy', '/blogs')).toBe(false);
  });
});
