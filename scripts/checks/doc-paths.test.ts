/**
 * The maps a newcomer reads first name only files that exist: every backticked repository path in
 * docs/architecture.md (the walks from a route to a reader among them) and docs/features.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exists, missingPaths, repositoryPaths, root } from './doc-paths.js';

describe('repository paths in the documentation', () => {
  it.each(['docs/architecture.md', 'docs/features.md'])('%s names only paths that exist', (document) => {
    expect(repositoryPaths(fs.readFileSync(path.join(root, document), 'utf8')).length).toBeGreaterThan(20);
    expect(missingPaths(document)).toEqual([]);
  });

  it('lists the hops of both walks in docs/architecture.md', () => {
    const text = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const walk = (heading: string) => repositoryPaths(text.split(`### ${heading}`)[1]!.split('\n### ')[0]!.split('\n## ')[0]!);
    expect(walk('A post is scheduled, then published by the worker')).toEqual(
      expect.arrayContaining([
        'api/src/blogs/write-routes.ts',
        'domain/src/blogs/post-decider.ts',
        'workers/src/blogs/reactor.ts',
        'workers/src/blogs/handlers.ts',
        'projections/src/blogs/blogs-projection.ts',
      ]),
    );
    expect(walk('GET /api/sbook/{book}/{canto}/{section}')).toEqual(
      expect.arrayContaining(['api/src/poem/routes.ts', 'projections/src/poem/poem-projection.ts']),
    );
  });

  it('tells a path that exists from one that does not, patterns included', () => {
    expect(repositoryPaths('`api/src/http/` `/api/sbook` `@epos/schemas` `../x/y` `a b/c` `workers/src/*/reactor.ts` `X-Request-Id`')).toEqual([
      'api/src/http/',
      'workers/src/*/reactor.ts',
    ]);
    expect(['api/src/http/', 'workers/src/*/reactor.ts', 'schemas/src/<feature>/responses.ts', 'package.json'].filter((p) => !exists(p))).toEqual([]);
    expect(['api/src/no-such/', 'api/src/app.ts/', 'workers/src/*/no-such.ts'].filter(exists)).toEqual([]);
  });
});
