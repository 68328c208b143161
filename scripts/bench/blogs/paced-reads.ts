/** bench:blogs' paced reads (./paced-reads-process.ts), spawned from the bench process. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OpenLoopResult } from '../open-loop.js';

/**
 * ../open-loop.ts at `rate` req/s for `seconds` over `paths` of `base` (one at random per request,
 * from `seed`), after `warmUp` seconds unmeasured, in a fresh process; answers its result and the
 * CPU seconds that process used while measuring.
 */
export async function pacedReadsProcess(options: { base: string; paths: readonly string[]; rate: number; seconds: number; warmUp: number; seed: number }): Promise<{ result: OpenLoopResult; cpuSeconds: number }> {
  const { base, paths, rate, seconds, warmUp, seed } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-paths-'));
  try {
    const file = path.join(dir, 'paths.json');
    fs.writeFileSync(file, JSON.stringify(paths));
    const script = fileURLToPath(new URL('./paced-reads-process.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, base, file, String(rate), String(seconds), String(warmUp), String(seed)], { timeout: (seconds + warmUp + 60) * 1000, maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { result: OpenLoopResult; cpuSeconds: number };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
