/**
 * The benchmarks' paced reads in a process of their own: `node --import tsx paced-reads-process.ts
 * <base> <paths file> <rate> <seconds> <warm-up seconds> <seed> [<headers as JSON>]` runs ./open-loop.ts over the paths
 * (a JSON array; each request takes one at random, seeded), the warm-up first and unmeasured, and
 * prints one JSON line: the result and the CPU this process used while measuring. The load
 * generator then shares nothing with the bench process (its seeding, listeners and garbage).
 */
import fs from 'node:fs';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { openLoop } from './open-loop.js';

const [base, pathsFile, rate, seconds, warmUp, seed, headers] = process.argv.slice(2);
const paths = JSON.parse(fs.readFileSync(pathsFile!, 'utf8')) as string[];
const random = seededRandom(Number(seed));
const run = (secs: number) =>
  openLoop({
    base: base!,
    nextPath: () => paths[Math.floor(random() * paths.length)]!,
    rate: Number(rate),
    seconds: secs,
    headers: JSON.parse(headers ?? '{}') as Record<string, string>,
  });
if (Number(warmUp) > 0) await run(Number(warmUp));
const cpu = process.cpuUsage();
const result = await run(Number(seconds));
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ result, cpuSeconds: (user + system) / 1e6 }));
