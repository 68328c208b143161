import { describe, expect, it } from 'vitest';
import { libraryApi, libraryPaths, pagePath, pagePathOfApiUrl } from './paths';
import { isLibraryPath } from '../ui/client-path';

describe('library routes', () => {
  it('takes slug paths of up to five segments', () => {
    expect(isLibraryPath('/about')).toBe(true);
    expect(isLibraryPath('/about/the-poet')).toBe(true);
    expect(isLibraryPath('/about/')).toBe(true);
    expect(isLibraryPath('/a/b/c/d/e')).toBe(true);
    expect(isLibraryPath('/a/b/c/d/e/f')).toBe(false);
  });

  it('leaves the paths the site owns, numbers, and malformed paths to the other routes', () => {
    for (const owned of [
      '/blogs',
      '/blogs/x',
      '/books',
      '/books/a/b',
      '/search',
      '/login',
      '/admin',
      '/api/x',
      '/newpage',
      '/editpage',
      '/lookup',
      '/compare/1/2/3',
      '/s/abc',
    ])
      expect(isLibraryPath(owned), owned).toBe(false);
    expect(isLibraryPath('/12')).toBe(false);
    expect(isLibraryPath('/1/2/3')).toBe(false);
    expect(isLibraryPath('/12abc')).toBe(false);
    expect(isLibraryPath('/About')).toBe(false);
    expect(isLibraryPath('/a--b')).toBe(false);
    expect(isLibraryPath('/')).toBe(false);
    expect(isLibraryPath('//about')).toBe(false);
  });

  it('does not mistake a look-alike of an owned segment for it', () => {
    expect(isLibraryPath('/blogsy')).toBe(true);
    expect(isLibraryPath('/books-of-hours')).toBe(true);
  });

  it('builds addresses', () => {
    expect(pagePath('/about/')).toBe('/about');
    expect(libraryApi.page('/about/the-poet/')).toBe('/api/about/the-poet');
    expect(libraryPaths.editPage('a b')).toBe('/editpage?id=a%20b');
  });

  it("reads the page path of a followed redirect's address", () => {
    const origin = 'http://127.0.0.1:3000';
    expect(pagePathOfApiUrl('http://127.0.0.1:3000/api/about/new-home', origin)).toBe('/about/new-home');
    expect(pagePathOfApiUrl('/api/about', origin)).toBe('/about');
    expect(pagePathOfApiUrl('http://evil.test/api/about', origin)).toBeNull();
    expect(pagePathOfApiUrl('http://127.0.0.1:3000/about', origin)).toBeNull();
    expect(pagePathOfApiUrl('http://127.0.0.1:3000/api/blogs', origin)).toBeNull();
  });
});

describe('the app route for library pages', () => {
  it('takes every path shaped like a library page, and no other', async () => {
    const { LIBRARY_ROUTE } = await import('./route');
    for (const path of ['/about', '/about/', '/about/the-poet', '/a/b/c/d/e']) {
      expect(LIBRARY_ROUTE.test(path), path).toBe(true);
      expect(isLibraryPath(path), path).toBe(true);
    }
    for (const path of ['/', '/About', '/a/b/c/d/e/f', '/about?x', '/a_b', '//about']) expect(LIBRARY_ROUTE.test(path), path).toBe(false);
  });
});
