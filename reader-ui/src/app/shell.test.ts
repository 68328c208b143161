import { describe, expect, it } from 'vitest';
import { isActivePath } from '../ui/active-path';
import { navItems } from './nav';
import { DEFAULT_SITE_NAME, pageTitle, siteNameFrom } from '../ui/site';

describe('site name', () => {
  it('uses the initial document title, or Epos when there is none', () => {
    expect(siteNameFrom('  The Poem  ')).toBe('The Poem');
    expect(siteNameFrom('')).toBe(DEFAULT_SITE_NAME);
    expect(siteNameFrom(undefined)).toBe('Epos');
  });

  it('builds page titles', () => {
    expect(pageTitle(undefined, 'Epos')).toBe('Epos');
    expect(pageTitle('Not Found', 'Epos')).toBe('Not Found · Epos');
    // A title stored before overrides were refused cannot reorder the site's name in the tab; Hebrew and its marks stay.
    expect(pageTitle('Invoice \u202efdp.exe', 'Epos')).toBe('Invoice fdp.exe · Epos');
    expect(pageTitle('שירת הים\u200f', 'Epos')).toBe('שירת הים\u200f · Epos');
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

  it('marks Read on every section, whatever section the link leads to', () => {
    const read = navItems.find((item) => item.label === 'Read')!;
    expect(isActivePath('/2/1/3/revised', read.href, read.current)).toBe(true);
    expect(isActivePath('/1/1/1', read.href, read.current)).toBe(true);
    expect(isActivePath('/12', read.href, read.current)).toBe(false);
    expect(isActivePath('/blogs', read.href, read.current)).toBe(false);
  });
});
