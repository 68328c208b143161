/**
 * The packages' layering, as the layout table of docs/architecture.md states it: the write model (`domain`) is
 * pure; only entry points import the HTTP package; the apps import nothing from the server but
 * `schemas`, and at run time only its zod-free files.
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
    const outside = imports.filter((i) => !i.specifier.startsWith('.') && !i.specifier.startsWith('node:') && !['@epos/schemas', 'date-fns-tz', 'vitest'].includes(i.specifier.split('/').slice(0, i.specifier.startsWith('@') ? 2 : 1).join('/')));
    expect(outside.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });

  it('lets only entry points (the API itself, scripts, end-to-end tests) import the API', () => {
    const others = ['schemas/src', 'domain/src', 'platform/src', 'projections/src', 'workers/src', 'reader-ui/src', 'admin-ui/src'].flatMap((dir) => importsIn(dir));
    expect(named(others, ['@epos/api'])).toEqual([]);
  });

  it('keeps the infrastructure and read models below the features: platform and projections import neither api nor workers', () => {
    expect(named(importsIn('schemas/src'), ['@epos/api', '@epos/domain', '@epos/platform', '@epos/projections', '@epos/workers'])).toEqual([]);
    expect(named(importsIn('platform/src'), ['@epos/api', '@epos/projections', '@epos/workers'])).toEqual([]);
    expect(named(importsIn('projections/src'), ['@epos/api', '@epos/workers'])).toEqual([]);
  });

  it('keeps the API process free of the workers: only its tests and test harness run them', () => {
    expect(named(importsIn('api/src', (file) => !isTest(file)), ['@epos/workers'])).toEqual([]);
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

/** Whether a schemas file, or a file it imports at run time, imports zod. */
function pullsInZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !fs.existsSync(path.join(root, file))) return false;
  seen.add(file);
  return importsOf(file)
    .filter((i) => !i.typeOnly)
    .some((i) => i.specifier === 'zod' || (i.specifier.startsWith('.') && pullsInZod(path.join(path.dirname(file), i.specifier.replace(/\.js$/, '.ts')), seen)));
}
