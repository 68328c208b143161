/**
 * `npm run build:server`, after `tsc -b`: copies the files the server reads next to its code at
 * run time (anything under a package's src/ that is not TypeScript, e.g. api's
 * dictionary/wordnet-exceptions/) into the same place under dist/, so that paths computed from
 * import.meta.url find them in the compiled build too. Tests and testkits stay out, as in
 * tsconfig.build.base.json.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_PACKAGES = ['schemas', 'domain', 'platform', 'projections', 'api', 'workers'] as const;

const root = path.resolve(import.meta.dirname, '../..');

/** Tests' folders and dependencies stay out of the build, as compiled TypeScript does. */
const LEFT_OUT = /(^|[\\/])(testkit|node_modules)([\\/]|$)|\.(ts|tsx|mts|cts)$/;

/** The files under `from` that the compiler does not emit, as paths relative to it. */
export const assetsIn = (from: string): string[] =>
  fs
    .readdirSync(from, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(from, path.join(entry.parentPath, entry.name)))
    .filter((file) => !LEFT_OUT.test(file));

export function copyServerAssets(): number {
  let copied = 0;
  for (const pkg of SERVER_PACKAGES) {
    const src = path.join(root, pkg, 'src');
    const dist = path.join(root, pkg, 'dist');
    for (const file of assetsIn(src)) {
      // A copy already there is left alone: a running server may be reading it.
      if (fs.existsSync(path.join(dist, file)) && fs.readFileSync(path.join(dist, file)).equals(fs.readFileSync(path.join(src, file)))) continue;
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.copyFileSync(path.join(src, file), path.join(dist, file));
      copied += 1;
    }
  }
  return copied;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(`copied ${copyServerAssets()} run-time files from src/ to dist/`);
}
