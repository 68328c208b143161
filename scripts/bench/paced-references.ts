import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@epos/platform/testkit/free-port';
import type { Tools } from './beside-references.js';
import { pacedReadsProcess } from './paced-reads.js';
import { startNginx, startNodeHttp, type Reference } from './poem/references.js';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The floor for paced reads: nginx and a bare node:http serving `bytes` (what the site answered) at
 * the same pace, each from a process of its own; prints one line per reference, labelled `what`.
 */
export async function pacedReferences(options: {
  tools: Tools;
  bytes: Buffer;
  what: string;
  rate: number;
  seconds: number;
  report: (name: string, value: string) => void;
}): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-reference-'));
  try {
    fs.writeFileSync(path.join(dir, 'body'), options.bytes);
    const starts: [string, () => Promise<Reference>][] = [
      ['nginx', async () => startNginx(options.tools.nginx, dir, 'body', await freePort())],
      ['bare node:http', async () => startNodeHttp(path.join(dir, 'body'), await freePort())],
    ];
    for (const [name, start] of starts) {
      const reference = await start();
      try {
        const { origin, pathname } = new URL(reference.url);
        const { result } = await pacedReadsProcess({ base: origin, paths: [pathname], rate: options.rate, seconds: options.seconds, warmUp: 2 });
        const { p50, p99, max } = result.fromDue;
        options.report(
          `  ${name} serving ${options.what}'s same bytes (${options.bytes.byteLength.toLocaleString('en')} B)`,
          `p50 ${ms(p50)} / p99 ${ms(p99)} / max ${ms(max)}; ${result.achievedRate.toFixed(0)} req/s`,
        );
      } finally {
        await reference.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
