/**
 * Virtual readers in a process of their own (see ./load-process.ts): each a closed loop of one
 * request at a time (the reading mix of ./mix.ts, seeded per reader), a think time
 * between answers, on its own keep-alive connection (./keep-alive-connection.ts), accepting
 * brotli and gzip as browsers do. Latency runs from sending to the last byte.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { readingMix, thinkTime } from './mix.js';
import { KeepAliveConnection } from './keep-alive-connection.js';
import { cpuBetween, loadProcessArguments, until, windowTimes, type ReadersConfig } from './load-process.js';
import { Recorder } from './samples.js';

const TIMEOUT_MS = 30_000;
const BROWSER = 'accept-encoding: br, gzip\r\n';

const { config, finish } = loadProcessArguments<ReadersConfig>();
const { start, from, until: end } = windowTimes(config.window);
const recorder = new Recorder(from, end);
const cpu = cpuBetween(from, end);

async function reader(i: number): Promise<void> {
  const random = seededRandom(config.seed * 100_003 + i);
  const signedIn = i < config.signedIn;
  const next = readingMix(config.catalogue, random, signedIn);
  const headers = signedIn ? `${BROWSER}cookie: ${config.cookie}\r\n` : BROWSER;
  const connection = new KeepAliveConnection(new URL(config.base), TIMEOUT_MS);
  // Readers arrive spread over a think time rather than all at once.
  await sleep(thinkTime(config.thinkMs, random));
  while (performance.now() < end) {
    const { route, path } = next();
    const label = signedIn ? `${route}, signed in` : route;
    const sentAt = performance.now();
    try {
      const status = await connection.get(path, headers);
      recorder.answered(label, sentAt, performance.now(), status, path);
    } catch (error) {
      recorder.unanswered(label, sentAt, path, error);
    }
    await sleep(thinkTime(config.thinkMs, random));
  }
  connection.close();
}

await until(start);
await Promise.all(Array.from({ length: config.readers }, (_, i) => reader(i)));
finish(recorder.report(cpu()));
