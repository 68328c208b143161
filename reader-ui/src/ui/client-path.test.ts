import { describe, expect, it } from 'vitest';
import { clientPath } from './client-path';

describe('clientPath', () => {
  const origin = 'https://site.example';

  it('opens sentence links, sections and blog pages in the app', () => {
    expect(clientPath('/12', origin)).toBe('/12');
    expect(clientPath('https://site.example/12', origin)).toBe('/12');
    expect(clientPath('/1/2/3', origin)).toBe('/1/2/3');
    expect(clientPath('/1/2/3/revised#s4', origin)).toBe('/1/2/3/revised#s4');
    expect(clientPath('/blogs/b/p', origin)).toBe('/blogs/b/p');
    expect(clientPath('/blogs/b/series/s?sort=newest', origin)).toBe('/blogs/b/series/s?sort=newest');
    expect(clientPath('/user/abc', origin)).toBe('/user/abc');
    expect(clientPath('/books/mira-alder/a-companion#toc-intro', origin)).toBe('/books/mira-alder/a-companion#toc-intro');
    expect(clientPath('/guide/reading-a-canto', origin)).toBe('/guide/reading-a-canto');
  });

  it('leaves everything else to the browser', () => {
    expect(clientPath('https://elsewhere.example/12', origin)).toBeNull();
    expect(clientPath('//elsewhere.example/12', origin)).toBeNull();
    expect(clientPath('/api/blogs/b/feed', origin)).toBeNull();
    expect(clientPath('/admin', origin)).toBeNull();
    expect(clientPath('#note', origin)).toBeNull();
    expect(clientPath('mailto:a@b.example', origin)).toBeNull();
    expect(clientPath('', origin)).toBeNull();
    expect(clientPath(null, origin)).toBeNull();
    expect(clientPath('/blogs.rss', origin)).toBeNull();
    expect(clientPath('/login', origin)).toBeNull();
    expect(clientPath('/About', origin)).toBeNull();
  });
});
