/**
 * bench:poem's section reads: the site (already started, its projections caught up) answering
 * GET /api/sbook/… — first reads of sections nobody has read, time travel, then one section at a
 * constant rate and at saturation, beside nginx and a bare node:http server serving the same
 * bytes. Every server and every load generator is a process of its own, pinned (../pinning.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@epos/platform/testkit/free-port';
import type { ServerProcess } from '../blogs/server-process.js';
import type { ServerTimes } from '../blogs/server-timing.js';
import type { OpenLoopResult } from '../open-loop.js';
import { openLoopProcess } from '../paced-reads.js';
import { latencies } from '../stats.js';
import { runWrk, startNginx, startNodeHttp, type Reference, type WrkResult } from './references.js';

export interface SectionReads {
  /** The paced reads of the API at `rate`. */
  paced: OpenLoopResult;
  /** The API's throughput as a share of bare node:http's. */
  nodeRatio: number;
}

export interface Printing {
  report(name: string, value: string): void;
  ms(value: number): string;
  count(n: number): string;
}

/** Measures and prints; `sectionAt(i)` is the i-th section's path (wrapping), `middle` the one measured under load. */
export async function measureSectionReads(options: {
  server: ServerProcess;
  sectionAt: (i: number) => string;
  sections: number;
  work: string;
  wrk: string;
  nginx: string;
  rate: number;
  duration: number;
  print: Printing;
}): Promise<SectionReads> {
  const { server, sectionAt, sections, work, wrk, nginx, rate, duration } = options;
  const { report, ms, count } = options.print;
  const { base } = server;
  // A section in the middle of the poem; the cold reads below take others, spread over the poem.
  const middle = Math.floor(sections / 2);
  const sectionPath = sectionAt(middle);
  const response = await fetch(`${base}${sectionPath}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${sectionPath}: ${response.status} ${body.toString()}`);
  const view = JSON.parse(body.toString()) as { customSection: { customSection: unknown[] }[] };
  report(`section ${sectionPath}`, `${(body.length / 1024).toFixed(1)} KiB, ${view.customSection[0]!.customSection.length} sentences`);

  // First reads of sections nobody has read yet: built from the database, not the cache.
  const cold: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const answer = await fetch(`${base}${sectionAt(middle + 1 + Math.floor((i * sections) / 30))}`);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`cold read ${i}: ${answer.status}`);
    cold.push(performance.now() - t);
  }
  const coldTimes = latencies(cold);
  report('first (uncached) read of 30 other sections: p50 / max', `${ms(coldTimes.p50)} / ${ms(coldTimes.max)} ms`);
  const past = performance.now();
  const asOf = await fetch(`${base}${sectionPath}?asOf=${encodeURIComponent(new Date().toISOString())}`);
  await asOf.arrayBuffer();
  report('time travel (?asOf=now) of the section, first call', `${ms(performance.now() - past)} ms (${asOf.status})`);

  const references: Reference[] = [];
  try {
    const file = 'section.json';
    fs.writeFileSync(path.join(work, file), body);
    references.push(await startNginx(nginx, work, file, await freePort()));
    references.push(await startNodeHttp(path.join(work, file), await freePort()));
    for (const reference of references) {
      const same = Buffer.from(await (await fetch(reference.url)).arrayBuffer());
      if (!same.equals(body)) throw new Error(`${reference.name} does not serve the API's bytes`);
    }
    const targets = [{ name: 'GET /api/sbook (API, its own process)', url: `${base}${sectionPath}` }, ...references.map((r) => ({ name: r.name, url: r.url }))];

    const paced: { result: OpenLoopResult; server?: ServerTimes; cpu?: string }[] = [];
    for (const [i, target] of targets.entries()) {
      if (i > 0) {
        paced.push({ result: await openLoopProcess(target.url, rate, duration, 3) });
        continue;
      }
      await openLoopProcess(target.url, rate, 3, 0);
      await server.serverTimes();
      const cpuBefore = server.cpuSeconds();
      const result = await openLoopProcess(target.url, rate, duration, 0);
      const used = server.cpuSeconds() - cpuBefore;
      paced.push({ result, server: await server.serverTimes(), cpu: `${used.toFixed(1)} s (${(used / duration).toFixed(2)} cores)` });
    }
    const throughput: WrkResult[] = [];
    for (const target of targets) {
      await runWrk(wrk, target.url, 3);
      throughput.push(await runWrk(wrk, target.url, duration));
    }

    console.log(`\nthe same ${(body.length / 1024).toFixed(1)} KiB section from three servers, one after another, each alone:`);
    console.log(
      `- at a constant ${rate} req/s for ${duration} s (an open loop, ../open-loop.ts, from a process of its own): latency to the last byte from when each request was due;`,
    );
    console.log(`- throughput: wrk -t1 -c32 -d${duration}s (a process of its own; a closed loop, so its latency is at saturation).`);
    for (const [i, target] of targets.entries()) {
      const { result, server: side, cpu } = paced[i]!;
      const w = throughput[i]!;
      report(`  ${target.name}`, '');
      report(
        `    ${rate} req/s: p50 / p90 / p99 / max`,
        `${ms(result.fromDue.p50)} / ${ms(result.fromDue.p90)} / ${ms(result.fromDue.p99)} / ${ms(result.fromDue.max)} ms (${result.achievedRate.toFixed(0)} req/s achieved, ${result.errors} errors, ${result.non2xx} non-2xx)`,
      );
      if (side)
        report('    server-side: p50 / p99; event loop delay p99', `${ms(side.handling.p50)} / ${ms(side.handling.p99)} ms; ${ms(side.loopDelay.p99)} ms`);
      if (cpu) report('    CPU used by the API process', cpu);
      report(
        '    wrk, 32 connections: throughput, p50 / p99 at saturation',
        `${count(Math.round(w.requestsPerSecond))} req/s, ${ms(w.p50)} / ${ms(w.p99)} ms (${w.errors} errors)`,
      );
    }
    const api = throughput[0]!.requestsPerSecond;
    report(
      '  throughput API / nginx / bare node:http',
      `${count(Math.round(api))} / ${count(Math.round(throughput[1]!.requestsPerSecond))} / ${count(Math.round(throughput[2]!.requestsPerSecond))} req/s (API = ${((api / throughput[1]!.requestsPerSecond) * 100).toFixed(0)}% of nginx, ${((api / throughput[2]!.requestsPerSecond) * 100).toFixed(0)}% of node:http)`,
    );
    return { paced: paced[0]!.result, nodeRatio: api / throughput[2]!.requestsPerSecond };
  } finally {
    for (const reference of references) await reference.stop();
  }
}
