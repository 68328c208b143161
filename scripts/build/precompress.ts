/**
 * A Vite plugin writing brotli (.br) and gzip (.gz) siblings of every text file a build emits, so
 * the server sends them by content negotiation without compressing anything per request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|dic|aff)$/;
/** Smaller files gain less from compression than the header costs. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of at least 1 KiB under `dir`. */
export async function precompressFiles(dir: string): Promise<{ file: string; raw: number; br: number; gz: number }[]> {
  const written = [];
  for (const file of (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f))) {
    const raw = await fs.readFile(file);
    if (raw.length < MIN_BYTES) continue;
    const br = await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = await gzipped(raw, { level: 9 });
    await fs.writeFile(`${file}.br`, br);
    await fs.writeFile(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'epos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFiles(outDir);
    },
  };
}
