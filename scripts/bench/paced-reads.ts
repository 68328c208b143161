/** The benchmarks' paced reads (./paced-reads-process.ts), each run in a process of its own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenLoopResult } from './open-loop.js';
import { scriptProcess } from './script-process.js';

/**
 * ./open-loop.ts at `rate` req/s for `seconds` over `paths` of `base` (one at random per request,
 * from `seed`, with `headers`), after `warmUp` seconds unmeasured, in a fresh process; answers its result and the
 * CPU seconds that process used while measuring.
 */
export async function pacedReadsProcess(options: {
  base: string;
  paths: readonly string[];
  rate: number;
  seconds: number;
  warmUp: number;
  seed?: number;
  headers?: Readonly<Record<string, string>>;
}): Promise<{ result: OpenLoopResult; cpuSeconds: number }> {
  const { base, paths, rate, seconds, warmUp, seed = 1, headers = {} } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-paths-'));
  try {
    const file = path.join(dir, 'paths.json');
    fs.writeFileSync(file, JSON.stringify(paths));
    const args = [base, file, String(rate), String(seconds), String(warmUp), String(seed), JSON.stringify(headers)];
    return await scriptProcess(new URL('./paced-reads-process.ts', import.meta.url), args, seconds + warmUp + 60);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ./open-loop.ts against one `url` at `rate` req/s (see `pacedReadsProcess`): `warmUp` seconds unmeasured, then `seconds`. */
export async function openLoopProcess(url: string, rate: number, seconds: number, warmUp: number): Promise<OpenLoopResult> {
  const { origin, pathname, search } = new URL(url);
  return (await pacedReadsProcess({ base: origin, paths: [`${pathname}${search}`], rate, seconds, warmUp })).result;
}
