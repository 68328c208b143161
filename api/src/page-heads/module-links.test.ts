import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleLinks } from './module-links.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A browser build's manifest as Vite writes it: an entry, two modules loaded on demand, chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'], imports: ['_shared-1.js'], isEntry: true },
  '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  '_blog-parts-1.js': { file: 'assets/blog-parts-1.js', css: ['assets/blog-parts-1.css'], imports: ['_shared-1.js'] },
  // imported statically by another chunk too: keyed by its chunk's name
  '_blog-routes-1.js': {
    file: 'assets/blog-routes-1.js',
    name: 'blog-routes',
    isDynamicEntry: true,
    css: ['assets/blogs-1.css'],
    imports: ['_blog-parts-1.js', '_shared-1.js'],
  },
  'src/books/book-routes.tsx': { file: 'assets/book-routes-1.js', imports: ['_blog-parts-1.js'] },
};

describe('the links for modules a page rendered', () => {
  it('name their styles and code and those of what they import, once each, and nothing the entry loads already', () => {
    const links = moduleLinks(MANIFEST);
    expect(
      links(['src/blogs/blog-routes.tsx', 'src/books/book-routes.tsx'])
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<link rel="stylesheet" href="/assets/blogs-1.css" />',
      '<link rel="modulepreload" href="/assets/blog-routes-1.js" />',
      '<link rel="stylesheet" href="/assets/blog-parts-1.css" />',
      '<link rel="modulepreload" href="/assets/blog-parts-1.js" />',
      '<link rel="modulepreload" href="/assets/book-routes-1.js" />',
    ]);
    expect(links([])).toBe('');
    expect(links(['src/unknown.tsx'])).toBe('');
  });

  it('are named by source paths the reader app has', () => {
    const sources = fs.globSync('reader-ui/src/**/*.tsx', { cwd: root }).map((file) => fs.readFileSync(path.join(root, file), 'utf8'));
    const named = sources.flatMap((source) => [...source.matchAll(/lazyScreen\('([^']+)'/g)].map((match) => match[1]!));
    expect(named.length).toBeGreaterThan(5);
    for (const module of named) expect(fs.existsSync(path.join(root, 'reader-ui', module)), module).toBe(true);
  });
});
