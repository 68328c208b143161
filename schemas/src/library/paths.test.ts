import { describe, expect, it } from 'vitest';
import { readerRoutes, type ReaderRoute } from '../reader-routes.js';
import { libraryPathProblem } from './paths.js';

const routes = Object.entries(readerRoutes) as [string, ReaderRoute][];

describe('the addresses the reader owns', () => {
  it('keeps every reader route’s first segment from library pages, alone and with more after it', () => {
    const segments = routes.flatMap(([, route]) => route.firstSegments);
    expect(segments).toEqual(expect.arrayContaining(['counts', 'works', 'notifications', 'blogs', 'compare', 's', 'my']));
    for (const segment of segments) {
      expect(libraryPathProblem(`/${segment}`), segment).toBe(`url: /${segment} belongs to the site; choose another path`);
      expect(libraryPathProblem(`/${segment}/a-page`), segment).not.toBeNull();
    }
  });

  it('names the first segment of every route: a fixed path’s own, a pattern’s alternatives, none only for the poem’s numbers', () => {
    for (const [name, route] of routes) {
      if (typeof route.path === 'string') {
        expect(route.firstSegments, name).toEqual(route.path === '/' ? [] : [route.path.split('/')[1]]);
        continue;
      }
      // What a pattern matches begins with one of its segments, or with a digit when it names none.
      const starts = route.firstSegments.length === 0 ? ['/1'] : route.firstSegments.map((segment) => `/${segment}`);
      const sample = starts.flatMap((start) => [start, `${start}/x`, `${start}/2/3`, `${start}/1/2/3`]);
      expect(
        sample.some((path) => (route.path as RegExp).test(path)),
        name,
      ).toBe(true);
      for (const stranger of ['/about', '/about/1/2/3', '/x1/2/3', '/counts-of-things/1/2/3'])
        expect((route.path as RegExp).test(stranger), `${name} ${stranger}`).toBe(false);
    }
    expect(libraryPathProblem('/12')).toMatch(/begins with a number/);
  });
});
