/**
 * The repository paths a document names, and whether each exists. A path is a backticked span
 * with a slash that is not an address (`/api/…`), a package name (`@epos/…`), a relative path
 * (`./…`, `../…`) or an expression: `api/src/http/`, `workers/src/*\/reactor.ts`,
 * `schemas/src/<feature>/responses.ts`. `*` and `<name>` stand for any one name; a trailing slash
 * asks for a folder.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

const BACKTICKED = /`([^`\n]+)`/g;
const REPOSITORY_PATH = /^[A-Za-z0-9_<*][\w.<>*-]*(\/[\w.<>*-]+)*\/[\w.<>*-]*$/;

/** Every repository path named in `markdown`, once each, in order. */
export function repositoryPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(BACKTICKED)].map((m) => m[1]!);
  return [...new Set(spans.filter((span) => span.includes('/') && REPOSITORY_PATH.test(span)))];
}

const isPattern = (segment: string) => /[*<]/.test(segment);
const patternOf = (segment: string) => new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\-]/g, '\\$&').replace(/<[^>]*>|\*/g, '[^/]+')}$`);

/** Whether `repositoryPath` (with its patterns) names at least one file or folder of the repository. */
export function exists(repositoryPath: string): boolean {
  const folder = repositoryPath.endsWith('/');
  const segments = repositoryPath.split('/').filter((s) => s !== '');
  let candidates = [root];
  for (const segment of segments) {
    candidates = candidates.flatMap((dir) => {
      if (!isPattern(segment)) return fs.existsSync(path.join(dir, segment)) ? [path.join(dir, segment)] : [];
      if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
      return fs
        .readdirSync(dir)
        .filter((name) => patternOf(segment).test(name))
        .map((name) => path.join(dir, name));
    });
  }
  return candidates.some((found) => !folder || fs.statSync(found).isDirectory());
}

/** The repository paths `document` (relative to the root) names that do not exist. */
export function missingPaths(document: string): string[] {
  return repositoryPaths(fs.readFileSync(path.join(root, document), 'utf8')).filter((p) => !exists(p));
}
