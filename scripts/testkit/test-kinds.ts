/**
 * Which test files are unit tests (`npm run test:unit`: no database, no child process, no browser)
 * and which are integration tests (they need one of those). The rule, in docs/decisions/unit-tests.md:
 * a test file is an integration test when
 * - anything it imports, however indirectly, is one of the NEEDS_SERVICES testkit modules, or
 * - it, or a file it reaches through relative imports and testkit modules, imports a PROCESS_MODULES module.
 * Every other test file is a unit test, and the unit run refuses database connections and child
 * processes (./unit-guard.ts), so a file that needs them and escapes the rule fails rather than hides.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the suite's test files are (vitest.config.ts). */
const TEST_FILES = /^([a-z-]+\/src\/.+\.test\.tsx?|scripts\/.+\.test\.ts)$/;

/** The testkit modules that give a test a database or a running site. */
const NEEDS_SERVICES = [
  'platform/src/testkit/vitest.ts',
  'platform/src/testkit/test-database.ts',
  'platform/src/testkit/killable-postgres.ts',
  'scripts/testkit/site-process.ts',
] as const;

/** Modules that start processes or a browser. */
const PROCESS_MODULES = ['node:child_process', 'child_process', 'playwright-core'] as const;

/** What a unit test that connects to a database or starts a process is told. */
export const UNIT_REFUSAL = 'a unit test may not connect to a database or start a process: one that must is an integration test (docs/decisions/unit-tests.md)';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Imports {
  /** Repository files, and whether each was named by a relative path or is a testkit module. */
  files: { file: string; near: boolean }[];
  /** Everything else (npm packages, Node's modules). */
  packages: string[];
}

/** A repository file a specifier names (relative, or `@epos/<package>[/<path>]`), or null. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else if (specifier.startsWith('@epos/')) {
    const [, pkg, ...rest] = specifier.split('/');
    base = path.join(pkg!, 'src', rest.length > 0 ? rest.join('/') : 'index');
  } else return null;
  base = base.replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => fs.existsSync(path.join(ROOT, file))) ?? null;
}

export function createClassifier(root = ROOT) {
  const cache = new Map<string, Imports>();
  const importsOf = (file: string): Imports => {
    const known = cache.get(file);
    if (known) return known;
    const found: Imports = { files: [], packages: [] };
    for (const match of fs.readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue; // type-only: nothing runs
      const specifier = (match[2] ?? match[3])!;
      const target = resolve(file, specifier);
      if (target) found.files.push({ file: target, near: specifier.startsWith('.') || target.includes('/testkit/') });
      else found.packages.push(specifier);
    }
    cache.set(file, found);
    return found;
  };

  /** Why `testFile` is an integration test; empty for a unit test. */
  return function needs(testFile: string): string[] {
    const reasons: string[] = [];
    // Depth-first over every import, remembering whether the path here was relative/testkit all along.
    const seen = new Map<string, boolean>();
    const stack: { file: string; near: boolean }[] = [{ file: testFile, near: true }];
    while (stack.length > 0) {
      const { file, near } = stack.pop()!;
      if (seen.get(file) === true || (seen.has(file) && !near)) continue;
      seen.set(file, near);
      if ((NEEDS_SERVICES as readonly string[]).includes(file)) reasons.push(file);
      const { files, packages } = importsOf(file);
      if (near) for (const name of packages) if ((PROCESS_MODULES as readonly string[]).includes(name)) reasons.push(`${name} (imported by ${file})`);
      for (const next of files) stack.push({ file: next.file, near: near && next.near });
    }
    return [...new Set(reasons)];
  };
}

const sourceFolders = (root: string) => [
  'scripts',
  ...fs
    .readdirSync(root)
    .filter((name) => name !== 'node_modules' && fs.existsSync(path.join(root, name, 'src')))
    .map((name) => `${name}/src`),
];

function filesUnder(root: string, folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (!entry.isDirectory()) return [file];
    return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(root, file);
  });
}

/** The suite's test files, split by the rule above. */
export function testKinds(root = ROOT): { unit: string[]; integration: string[] } {
  const needs = createClassifier(root);
  const files = sourceFolders(root)
    .flatMap((folder) => filesUnder(root, folder))
    .filter((file) => TEST_FILES.test(file))
    .sort();
  const integration = files.filter((file) => needs(file).length > 0);
  return { unit: files.filter((file) => !integration.includes(file)), integration };
}
