/**
 * The production build (`npm run build:server`): the server packages compile with `tsc -b` into
 * their dist/ folders, and the compiled API (`node --conditions=epos-compiled api/dist/main.js`,
 * as `npm run start:api:prod` runs it) starts on a real PostgreSQL and answers, with neither tsx
 * nor a TypeScript file anywhere on its path. Everything else (tests, typecheck, tsx, Vite) keeps
 * resolving the packages to their TypeScript sources.
 *
 * The compile is incremental (`tsc -b`): on a fresh checkout it compiles everything (about 20 s),
 * afterwards only what changed since the last build.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import type { TestDatabase } from '@epos/platform/testkit/test-database';
import { SERVER_PACKAGES, assetsIn, copyServerAssets } from '../build/server-assets.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const CONDITION = 'epos-compiled';
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** Where compiled code may not go at run time: tsx, or any TypeScript file. */
const FORBIDDEN = /^tsx(\/|$)|\.(ts|tsx|mts|cts)$/;
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const compiledFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));

const distOf = (pkg: string) => path.join(root, pkg, 'dist');
const specifiersIn = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2] ?? m[3])!);

/** Resolves bare specifiers as a plain `node` (with these flags) would from the repository root. */
async function resolveWithNode(flags: string[], specifiers: string[]): Promise<Record<string, string>> {
  const script = `const out = {}; for (const s of JSON.parse(process.argv[1])) { try { out[s] = import.meta.resolve(s); } catch (e) { out[s] = 'unresolved: ' + e.message; } } console.log(JSON.stringify(out));`;
  const { stdout } = await run(process.execPath, [...flags, '--input-type=module', '-e', script, JSON.stringify(specifiers)], {
    cwd: root,
    env: withoutNodeOptions(),
  });
  return JSON.parse(stdout) as Record<string, string>;
}

/** This process's environment without NODE_OPTIONS, so that no loader (tsx) can come in through it. */
function withoutNodeOptions(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

beforeAll(async () => {
  await run(process.execPath, [tsc, '-b', path.join(root, 'tsconfig.build.json')], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`tsc -b tsconfig.build.json failed:\n${error.stdout ?? error.message}`);
    },
  );
  copyServerAssets();
}, 300_000);

describe('the compiled server', () => {
  it('imports neither tsx nor TypeScript files, and every import it makes resolves to compiled JavaScript', async () => {
    const files = [...SERVER_PACKAGES.map(distOf), path.join(root, 'scripts/dist')].flatMap(compiledFiles);
    expect(files.length).toBeGreaterThan(200);
    const imports = files.flatMap((file) => specifiersIn(file).map((specifier) => ({ file, specifier })));
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.filter((i) => FORBIDDEN.test(i.specifier)).map((i) => `${path.relative(root, i.file)} imports ${i.specifier}`)).toEqual([]);

    const missing = imports
      .filter((i) => i.specifier.startsWith('.'))
      .filter((i) => !fs.existsSync(path.resolve(path.dirname(i.file), i.specifier)))
      .map((i) => `${path.relative(root, i.file)} imports ${i.specifier}`);
    expect(missing).toEqual([]);

    const own = [...new Set(imports.map((i) => i.specifier).filter((s) => s.startsWith('@epos/')))];
    expect(own).toContain('@epos/platform');
    const resolved = await resolveWithNode([`--conditions=${CONDITION}`], own);
    const notCompiled = Object.entries(resolved).filter(
      ([, url]) => !/^file:\/\/.*\/(schemas|domain|platform|projections|api|workers)\/dist\/.*\.js$/.test(url) || !fs.existsSync(new URL(url)),
    );
    expect(notCompiled.map(([s, url]) => `${s} -> ${url}`)).toEqual([]);
  });

  it('resolves to the TypeScript sources without the condition (tsx, vitest, typecheck) and to dist/ with it', async () => {
    const plain = await resolveWithNode([], ['@epos/api', '@epos/platform/testkit/free-port']);
    expect(plain['@epos/api']).toMatch(/\/api\/src\/index\.ts$/);
    expect(plain['@epos/platform/testkit/free-port']).toMatch(/\/platform\/src\/testkit\/free-port\.ts$/);
    const compiled = await resolveWithNode([`--conditions=${CONDITION}`], ['@epos/api', '@epos/workers/registry']);
    expect(compiled['@epos/api']).toMatch(/\/api\/dist\/index\.js$/);
    expect(compiled['@epos/workers/registry']).toMatch(/\/workers\/dist\/registry\.js$/);
  });

  it('carries the files the server reads beside its code (e.g. the WordNet exception lists)', () => {
    const assets = SERVER_PACKAGES.flatMap((pkg) => assetsIn(path.join(root, pkg, 'src')).map((file) => path.join(pkg, 'dist', file)));
    expect(assets).toContain(path.join('api', 'dist', 'dictionary', 'wordnet-exceptions', 'noun.exc'));
    expect(assets.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  for (const run of [
    { title: 'the API role, run as `npm run start:api:prod` does', entry: 'api/dist/main.js', logName: 'epos-api' },
    // The whole site, its projections and workers in a worker thread of the compiled start-background.js.
    { title: 'the whole site, run as `npm run start:prod` does', entry: 'scripts/dist/start.js', logName: 'epos-background' },
  ]) {
    describe(run.title, () => {
      let database: TestDatabase;
      let child: ChildProcess;
      let output = '';
      let exited: Promise<number | string | null>;
      let base = '';
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-prod-'));

      beforeAll(async () => {
        database = await newTestDatabase();
        const port = await freePort();
        base = `http://127.0.0.1:${port}`;
        child = spawn(process.execPath, [`--conditions=${CONDITION}`, path.join(root, run.entry)], {
          cwd: root,
          env: withoutNodeOptions({
            NODE_ENV: 'production',
            DATABASE_URL: database.url,
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            LOG_LEVEL: 'info',
            SEED_DEMO: 'false',
            REDIS_URL: '',
            EVENTSTORE_URL: '',
            SMTP_URL: '',
          }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
      }, 300_000);

      afterAll(async () => {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }, 30_000);

      it('answers GET /api/health from the compiled code, then stops cleanly on SIGTERM', async () => {
        const deadline = Date.now() + 45_000;
        let health: Response | null = null;
        while (!health?.ok) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`the compiled code did not come up (exit ${child.exitCode}):\n${output.slice(-5000)}`);
          health = await fetch(`${base}/api/health`).catch(() => null);
          if (!health?.ok) await new Promise((r) => setTimeout(r, 200));
        }
        const body = (await health.json()) as { status: string; eventStore: string; dependencies: { database: string } };
        expect(body).toMatchObject({ status: 'ok', eventStore: 'postgres', dependencies: { database: 'up' } });
        // A run-time file copied beside the code: the dictionary's exception lists (ran -> run).
        const lookup = await fetch(`${base}/api/dict/ran`);
        expect(lookup.status, output.slice(-2000)).toBe(200);
        expect(((await lookup.json()) as { lemma: string }).lemma).toBe('run');

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output).toContain(`"name":"${run.logName}"`);
      }, 300_000);
    });
  }
});
