/**
 * docs/features.md stays true: every folder of every package's `src/` is in it (a feature's folder,
 * or a shared room), and each registry a new feature touches is named with files that exist and
 * hold what the table says to add there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exists, repositoryPaths, root } from './doc-paths.js';

const PACKAGES = ['schemas', 'domain', 'platform', 'api', 'projections', 'workers', 'reader-ui', 'admin-ui'];
const REGISTRIES = [
  'event catalogue',
  'features (API routes)',
  'projections',
  'reactors',
  'workers registry',
  'routes (the reader app)',
  'console resources',
  'health list',
];

const text = fs.readFileSync(path.join(root, 'docs/features.md'), 'utf8');
const named = new Set(repositoryPaths(text));

/** The rows of the table under `heading`, as cells. */
function tableUnder(heading: string): string[][] {
  const section = text.split(`## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('docs/features.md', () => {
  it("names every folder of every package's src, as a feature's or a shared room", () => {
    const folders = PACKAGES.flatMap((pkg) =>
      fs
        .readdirSync(path.join(root, pkg, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${pkg}/src/${entry.name}/`),
    );
    expect(folders.length).toBeGreaterThan(100);
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it('names each registry with files that exist and hold what a feature adds there', () => {
    const rows = tableUnder('The registries a new feature touches');
    expect(REGISTRIES.filter((registry) => !rows.some(([name]) => name === registry))).toEqual([]);
    const problems = rows.flatMap(([name = '', files = '', what = '']) => {
      const paths = repositoryPaths(files);
      if (paths.length === 0 || paths.some((p) => !exists(p) || p.endsWith('/'))) return [`${name}: ${files}`];
      const sources = paths.map((p) => fs.readFileSync(path.join(root, p), 'utf8')).join('\n');
      const identifiers = [...what.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!);
      return identifiers.filter((identifier) => !sources.includes(identifier)).map((identifier) => `${name}: ${identifier} is not in ${paths.join(', ')}`);
    });
    expect(problems).toEqual([]);
  });
});
