/**
 * `npm run build:ui` [-- --force]: builds the reader app and the console with Vite, each only when
 * what it is built from changed since its last build: the app's own files, the shared schemas it
 * imports, the build helpers and the locked dependencies. A hash of them is kept beside the build
 * (dist/.sources-hash), so a restart of `npm start` with nothing changed skips minutes of building.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const APPS = ['reader-ui', 'admin-ui'] as const;
/** What every app is built from besides its own folder. */
const SHARED = ['schemas/src', 'scripts/build', 'package-lock.json', 'tsconfig.json'];
/** What an app imports from another app's folder: the console edits books with the reader app's editor. */
const BORROWED: Record<(typeof APPS)[number], readonly string[]> = { 'reader-ui': [], 'admin-ui': ['reader-ui/src'] };
const SKIPPED = new Set(['dist', 'dist-ssr', 'node_modules', '.vite']);
const STAMP = '.sources-hash';

const force = process.argv.includes('--force');
for (const app of APPS) {
  const hash = sourcesHash([app, ...BORROWED[app], ...SHARED]);
  const stamp = path.join(root, app, 'dist', STAMP);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (!force && built === hash) {
    console.log(`${app}: up to date (its sources are as when it was last built; --force rebuilds)`);
    continue;
  }
  // Always the production build: started from a test (NODE_ENV=test), Vite would bundle React's development build.
  execFileSync('npm', ['run', 'build', '--workspace', app], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${hash}\n`);
}

/** One hash of every file under the given paths (relative to the repository), their names included. */
function sourcesHash(paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((p) => filesUnder(path.join(root, p))).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs.readdirSync(target, { withFileTypes: true }).flatMap((entry) => (SKIPPED.has(entry.name) ? [] : filesUnder(path.join(target, entry.name))));
}
