/**
 * The packages' layering, as the layout table of docs/architecture.md states it: the write model (`domain`) is
 * pure; only entry points import the HTTP package; the apps import nothing from the server but
 * `schemas`, and at run time only its zod-free files. Inside reader-ui, the features stand apart
 * on the shared ui/ layer, and app/ composes them (eslint.config.js says the same to the editor).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Import {
  file: string;
  specifier: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sourceFiles(relative));
    } else if (/\.(ts|tsx)$/.test(entry.name)) found.push(relative);
  }
  return found;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => ({ file, specifier: m[3] ?? m[4]!, typeOnly: Boolean(m[2]) }));
}

const importsIn = (dir: string, keep: (file: string) => boolean = () => true) => sourceFiles(dir).filter(keep).flatMap(importsOf);
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testkit/');
const named = (imports: Import[], packages: readonly string[]) =>
  imports.filter((i) => packages.some((p) => i.specifier === p || i.specifier.startsWith(`${p}/`))).map((i) => `${i.file} imports ${i.specifier}`);

describe('layering', () => {
  it('keeps the write model pure: domain imports only schemas and small pure libraries', () => {
    const imports = importsIn('domain/src');
    expect(imports.length).toBeGreaterThan(10);
    const outside = imports.filter(
      (i) =>
        !i.specifier.startsWith('.') &&
        !i.specifier.startsWith('node:') &&
        !['@epos/schemas', 'date-fns-tz', 'diff', 'vitest'].includes(
          i.specifier
            .split('/')
            .slice(0, i.specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(outside.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });

  it('lets only entry points (the API itself, scripts, end-to-end tests) import the API', () => {
    const others = ['schemas/src', 'domain/src', 'platform/src', 'projections/src', 'workers/src', 'reader-ui/src', 'admin-ui/src'].flatMap((dir) =>
      importsIn(dir),
    );
    expect(named(others, ['@epos/api'])).toEqual([]);
  });

  it('keeps the infrastructure and read models below the features: platform and projections import neither api nor workers', () => {
    expect(named(importsIn('schemas/src'), ['@epos/api', '@epos/domain', '@epos/platform', '@epos/projections', '@epos/workers'])).toEqual([]);
    expect(named(importsIn('platform/src'), ['@epos/api', '@epos/projections', '@epos/workers'])).toEqual([]);
    expect(named(importsIn('projections/src'), ['@epos/api', '@epos/workers'])).toEqual([]);
  });

  it('keeps the API process free of the workers: only its tests and test harness run them', () => {
    expect(
      named(
        importsIn('api/src', (file) => !isTest(file)),
        ['@epos/workers'],
      ),
    ).toEqual([]);
  });

  it('lets the apps import nothing from the server but schemas, and at run time only its zod-free files', () => {
    const imports = [...importsIn('reader-ui/src'), ...importsIn('admin-ui/src')];
    expect(named(imports, ['@epos/api', '@epos/domain', '@epos/platform', '@epos/projections', '@epos/workers'])).toEqual([]);
    // Tests may check the apps against the server's schemas; only bundled files count here.
    const runtime = imports.filter((i) => !isTest(i.file) && !i.typeOnly && (i.specifier === '@epos/schemas' || i.specifier.startsWith('@epos/schemas/')));
    const withZod = runtime.filter((i) => i.specifier === '@epos/schemas' || pullsInZod(`schemas/src/${i.specifier.slice('@epos/schemas/'.length)}.ts`));
    expect(withZod.map((i) => `${i.file} imports ${i.specifier} at run time, which brings zod into the bundle`)).toEqual([]);
  });
});

describe('reader-ui layers', () => {
  const src = 'reader-ui/src';
  /** The top folder of reader-ui/src a file is in, or that a relative import lands in (null: outside src, or src itself). */
  const folderOf = (file: string): string | null => {
    const inside = path.relative(src, file).split(path.sep);
    return inside.length > 1 && inside[0] !== '..' ? inside[0]! : null;
  };
  const landing = (i: Import) => (i.specifier.startsWith('.') ? folderOf(path.join(path.dirname(i.file), i.specifier)) : null);
  // Style sheets are shared by class name: some features still use rules of another's sheet.
  const code = importsIn(src).filter((i) => !i.specifier.endsWith('.css'));

  it('keeps the features apart: a feature imports only itself, ui/ and packages', () => {
    const features = new Set(code.map((i) => folderOf(i.file)).filter((f): f is string => f !== null && f !== 'ui' && f !== 'app'));
    expect(features.size).toBeGreaterThan(8);
    const across = code.filter((i) => {
      const from = folderOf(i.file);
      const to = landing(i);
      return from !== null && features.has(from) && to !== null && to !== from && to !== 'ui';
    });
    expect(across.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });

  it('keeps ui/ below every feature: it imports only itself', () => {
    const out = code.filter((i) => folderOf(i.file) === 'ui' && landing(i) !== null && landing(i) !== 'ui');
    expect(code.filter((i) => folderOf(i.file) === 'ui').length).toBeGreaterThan(50);
    expect(out.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });

  it('lets only the entry points (the browser’s and the server’s) import app/, which composes the features', () => {
    const intoApp = code.filter((i) => landing(i) === 'app' && folderOf(i.file) !== 'app');
    expect([...new Set(intoApp.map((i) => i.file))].sort()).toEqual([path.join(src, 'entry-server.tsx'), path.join(src, 'main.tsx')]);
  });
});

/** Whether a schemas file, or a file it imports at run time, imports zod. */
function pullsInZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !fs.existsSync(path.join(root, file))) return false;
  seen.add(file);
  return importsOf(file)
    .filter((i) => !i.typeOnly)
    .some(
      (i) => i.specifier === 'zod' || (i.specifier.startsWith('.') && pullsInZod(path.join(path.dirname(file), i.specifier.replace(/\.js$/, '.ts')), seen)),
    );
}
