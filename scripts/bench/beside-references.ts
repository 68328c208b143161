/**
 * Issue 15's throughput comparison, shared by bench:serving, bench:blogs and bench:reader: each read
 * of the site under `wrk -t1 -c32`, in turns with nginx, a bare `node:http` and a bare `node:http`
 * sending the site's own headers, all serving the very same bytes, one server at a time, each in a
 * process of its own (the helpers of ./poem/references.ts). The bytes are the site's own answer,
 * fetched first as wrk will ask for it (without Accept-Encoding, or with the read's own: then the
 * references serve the compressed bytes) and written to a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { freePort } from '@epos/platform/testkit/free-port';
import { exitedChildrenCpuSeconds } from '../testkit/process-cpu.js';
import { median } from './stats.js';
import { findCommand, runWrk, startNginx, startNodeHttp, type Reference, type WrkResult } from './poem/references.js';

/** Issue 15's budget for cached reads: shares of the references' throughput, same bytes, same run. */
const OF_NGINX = 0.4;
export const OF_NODE_HTTP = 0.75;

export interface Read {
  name: string;
  /** Full URL on the site. */
  url: string;
  /** A cached read (judged by issue 15's budget); others are printed for comparison only. */
  cached: boolean;
  /** Asked of the site with this Accept-Encoding (by wrk too), so the bytes compared are the compressed ones; else none. */
  acceptEncoding?: string;
  /** More request headers for the site (by wrk too), such as a session cookie. */
  headers?: Readonly<Record<string, string>>;
}

interface Measured {
  wrk: WrkResult;
  /** Cores the whole machine was busy during the measured run (of os.cpus().length). */
  machineCores: number;
  /** Cores wrk itself used (wrk -t1 at 1.00 means the client, not the server, set the pace); NaN without /proc. */
  wrkCores: number;
  /** Cores the server's processes used (every thread); NaN when unknown. */
  serverCores: number;
  /** Microseconds of the server's CPU per answer: steadier than its throughput on a machine whose wake-ups vary. */
  serverCpuPerAnswerUs: number;
}

export interface ReadThroughput {
  read: Read;
  bytes: number;
  /** Headers the site answered with, besides Node's own Date, Connection, Keep-Alive and length. */
  headerCount: number;
  contentType: string;
  /** Medians over the rounds. */
  epos: Measured;
  nginx: Measured;
  /** Bare node:http with a content type and length only. */
  node: Measured;
  /** Bare node:http sending the site's own headers (a fresh request id each time). */
  nodeSameHeaders: Measured;
  /** The site's req/s as a share of each reference's in the same round: medians over the rounds. */
  shares: { ofNginx: number; ofNode: number; ofNodeSameHeaders: number };
  /** Each server's req/s in each round (epos, nginx, node:http, with the site's headers), to show how far the machine drifted. */
  perRound: number[][];
  rounds: number;
  /** Per server per round. */
  seconds: number;
}

export interface Tools {
  wrk: string;
  nginx: string;
}

/** wrk and nginx from the PATH (or /usr/sbin); exits with how to install them when either is missing. */
export function requireTools(bench: string): Tools {
  const wrk = findCommand('wrk');
  const nginx = findCommand('nginx');
  if (!wrk || !nginx) {
    console.error(
      `${bench} needs ${[wrk ? null : 'wrk', nginx ? null : 'nginx'].filter(Boolean).join(' and ')} for its throughput references (Debian: apt-get install -y wrk nginx)`,
    );
    process.exit(1);
  }
  return { wrk, nginx };
}

/**
 * wrk for `seconds` on `url`, with what the machine, wrk and the server (`serverCpu`: its CPU
 * seconds so far) used meanwhile. wrk is the only child that exits during the run, so the CPU of
 * exited children grows by wrk's own.
 */
async function measuredWrk(wrk: string, url: string, seconds: number, headers: Readonly<Record<string, string>>, serverCpu: () => number): Promise<Measured> {
  const busy = machineBusy();
  const children = exitedChildrenCpuSeconds();
  const server = serverCpu();
  const started = performance.now();
  const result = await runWrk(wrk, url, seconds, 32, headers);
  const elapsed = (performance.now() - started) / 1000;
  const serverUsed = serverCpu() - server;
  return {
    wrk: result,
    machineCores: busy(),
    wrkCores: (exitedChildrenCpuSeconds() - children) / elapsed,
    serverCores: serverUsed / elapsed,
    serverCpuPerAnswerUs: (serverUsed / result.requests) * 1e6,
  };
}

/** Busy time of every core since the returned function was made, in cores (os.cpus()'s user, nice, sys and irq against idle: it has no softirq, iowait or steal). */
function machineBusy(): () => number {
  const sample = () =>
    os.cpus().reduce(
      (sum, { times }) => ({
        busy: sum.busy + times.user + times.nice + times.sys + times.irq,
        all: sum.all + times.user + times.nice + times.sys + times.irq + times.idle,
      }),
      { busy: 0, all: 0 },
    );
  const before = sample();
  return () => {
    const after = sample();
    const all = after.all - before.all;
    return all > 0 ? ((after.busy - before.busy) / all) * os.cpus().length : NaN;
  };
}

/**
 * Rounds per read (BENCH_ROUNDS): this machine's throughput drifts by half within a minute, in
 * spells of a few seconds that slow every server alike, so each server is measured several times,
 * in turns, and short turns (bench:serving's 1 s) put a round's servers in the same spell. At least
 * 5 rounds, and about 15 s of each server.
 */
const roundsFor = (seconds: number) => Number(process.env.BENCH_ROUNDS ?? Math.max(5, Math.round(15 / seconds)));

/** The median of each figure over the rounds, errors summed: one `Measured` standing for them all. */
function medianOf(rounds: readonly Measured[]): Measured {
  const of = (figure: (m: Measured) => number) => median(rounds.map(figure));
  return {
    wrk: {
      requestsPerSecond: of((m) => m.wrk.requestsPerSecond),
      p50: of((m) => m.wrk.p50),
      p99: of((m) => m.wrk.p99),
      requests: rounds.reduce((sum, m) => sum + m.wrk.requests, 0),
      errors: rounds.reduce((sum, m) => sum + m.wrk.errors, 0),
    },
    machineCores: of((m) => m.machineCores),
    wrkCores: of((m) => m.wrkCores),
    serverCores: of((m) => m.serverCores),
    serverCpuPerAnswerUs: of((m) => m.serverCpuPerAnswerUs),
  };
}

/** The headers the site answered with, for the reference that sends them too; Node adds its own Date, Connection and Keep-Alive, and the length. */
function answeredHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): string[] {
  const nodeOwn = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.entries(headers).flatMap(([name, value]) => (nodeOwn.has(name) || value === undefined ? [] : [value].flat().flatMap((one) => [name, one])));
}

/**
 * Measures each read beside its references, in `ROUNDS` rounds: in each, the site, nginx, bare
 * node:http and bare node:http sending the site's own headers each get `seconds` under wrk with 32
 * connections, in an order that turns by one every round (each after one unmeasured second of its
 * own first). Figures are medians over the rounds, and a share is the median of the rounds' own
 * shares: the machine's speed drifts (by half within a minute on the development machine), so
 * servers measured side by side in one round are compared with each other, never with another
 * round's. `serverCpuSeconds` is the CPU the site's processes have used so far (to print how much
 * each server used per answer). Prints each read as it is measured (`print`) and answers
 * them all.
 */
export async function throughputBesideReferences(options: {
  tools: Tools;
  reads: readonly Read[];
  seconds: number;
  serverCpuSeconds: () => number;
  print?: (lines: string) => void;
}): Promise<ReadThroughput[]> {
  const { tools, reads, seconds, serverCpuSeconds } = options;
  const ROUNDS = roundsFor(seconds);
  const print = options.print ?? ((lines: string) => console.log(lines));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-references-'));
  const rows: ReadThroughput[] = [];
  const checked = async (reference: Reference, body: Buffer): Promise<Reference> => {
    // request, not fetch: the reference sending the site's headers names the compressed bytes' encoding, which fetch would undo.
    const served = Buffer.from(await (await request(reference.url)).body.arrayBuffer());
    if (!served.equals(body)) throw new Error(`${reference.name} does not serve the site's bytes`);
    return reference;
  };
  try {
    for (const [i, read] of reads.entries()) {
      // undici's request, unlike fetch, leaves a compressed body as it came.
      const headers: Record<string, string> = { ...read.headers, ...(read.acceptEncoding ? { 'accept-encoding': read.acceptEncoding } : {}) };
      const answer = await request(read.url, { headers });
      const body = Buffer.from(await answer.body.arrayBuffer());
      if (answer.statusCode !== 200) throw new Error(`${read.url}: ${answer.statusCode} ${body.toString().slice(0, 200)}`);
      const encoding = answer.headers['content-encoding'];
      if (!read.acceptEncoding && encoding) throw new Error(`${read.url}: answered ${String(encoding)} to a request without Accept-Encoding`);
      if (read.acceptEncoding && !encoding) throw new Error(`${read.url}: not compressed for accept-encoding: ${read.acceptEncoding}`);
      const file = `body-${i}`;
      fs.writeFileSync(path.join(dir, file), body);

      const references: Reference[] = [];
      try {
        references.push(await checked(await startNginx(tools.nginx, dir, file, await freePort()), body));
        references.push(await checked(await startNodeHttp(path.join(dir, file), await freePort()), body));
        references.push(await checked(await startNodeHttp(path.join(dir, file), await freePort(), answeredHeaders(answer.headers)), body));
        const servers = [
          { url: read.url, headers, cpuSeconds: serverCpuSeconds },
          ...references.map((reference) => ({ url: reference.url, headers: {}, cpuSeconds: () => reference.cpuSeconds() })),
        ];
        for (const server of servers) await runWrk(tools.wrk, server.url, 1, 32, server.headers);
        const rounds: Measured[][] = servers.map(() => []);
        for (let round = 0; round < ROUNDS; round++) {
          for (let turn = 0; turn < servers.length; turn++) {
            const which = (round + turn) % servers.length;
            const server = servers[which]!;
            rounds[which]!.push(await measuredWrk(tools.wrk, server.url, seconds, server.headers, server.cpuSeconds));
          }
        }
        const [epos, nginx, node, nodeSameHeaders] = rounds.map(medianOf) as [Measured, Measured, Measured, Measured];
        const shareOf = (reference: number) => median(rounds[0]!.map((m, round) => m.wrk.requestsPerSecond / rounds[reference]![round]!.wrk.requestsPerSecond));
        const contentType = `${String(answer.headers['content-type'] ?? '?')}${encoding ? `, ${String(encoding)}` : ''}`;
        const row: ReadThroughput = {
          read,
          bytes: body.length,
          headerCount: answeredHeaders(answer.headers).length / 2,
          contentType,
          epos,
          nginx,
          node,
          nodeSameHeaders,
          shares: { ofNginx: shareOf(1), ofNode: shareOf(2), ofNodeSameHeaders: shareOf(3) },
          rounds: ROUNDS,
          perRound: rounds.map((measured) => measured.map((m) => m.wrk.requestsPerSecond)),
          seconds,
        };
        rows.push(row);
        print(formatRow(row));
      } finally {
        for (const reference of references) await reference.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const rate = (r: number) => Math.round(r).toLocaleString('en');
const percent = (share: number) => `${Math.round(share * 100)} %`;

function formatRow(row: ReadThroughput): string {
  const { epos, nginx, node, nodeSameHeaders, shares } = row;
  const url = new URL(row.read.url);
  const target = `${url.pathname}${url.search}`;
  const label = (name: string) => `    ${name}`.padEnd(66);
  const latency = (m: Measured) => `${m.wrk.p50.toFixed(2)} / ${m.wrk.p99.toFixed(2)}`;
  const cores = (m: Measured) => `${m.machineCores.toFixed(2)} / ${m.wrkCores.toFixed(2)} / ${m.serverCores.toFixed(2)}`;
  const micro = (m: Measured) => m.serverCpuPerAnswerUs.toFixed(0);
  return [
    `  ${row.read.name === target ? '' : `${row.read.name}: `}GET ${target} (${row.bytes.toLocaleString('en')} B, ${row.contentType}, ${row.headerCount} headers${row.read.cached ? '' : '; not a cached read'})`,
    `${label(`medians of ${row.rounds} rounds of ${row.seconds} s: epos / nginx / node:http / node:http with the site's headers`)} ${rate(epos.wrk.requestsPerSecond)} / ${rate(nginx.wrk.requestsPerSecond)} / ${rate(node.wrk.requestsPerSecond)} / ${rate(nodeSameHeaders.wrk.requestsPerSecond)} req/s`,
    `${label('req/s in each round: epos; nginx; node:http; with headers')} ${row.perRound.map((server) => server.map((r) => (r / 1000).toFixed(1)).join(' ')).join('; ')} (thousands)`,
    `${label("epos share (median of the rounds' own shares)")} epos = ${percent(shares.ofNginx)} of nginx, ${percent(shares.ofNode)} of node:http, ${percent(shares.ofNodeSameHeaders)} of node:http with the site's headers`,
    `${label('p50 / p99 at saturation: epos; nginx; node:http; with headers')} ${latency(epos)}; ${latency(nginx)}; ${latency(node)}; ${latency(nodeSameHeaders)} ms`,
    `${label('errors (non-2xx, socket): epos / nginx / node:http / with headers')} ${epos.wrk.errors} / ${nginx.wrk.errors} / ${node.wrk.errors} / ${nodeSameHeaders.wrk.errors}`,
    `${label(`cores busy, machine (of ${os.cpus().length}) / wrk / server: epos; nginx; node:http; with headers`)} ${cores(epos)}; ${cores(nginx)}; ${cores(node)}; ${cores(nodeSameHeaders)}`,
    `${label('server CPU per answer: epos / nginx / node:http / with headers')} ${micro(epos)} / ${micro(nginx)} / ${micro(node)} / ${micro(nodeSameHeaders)} µs (node:http's per answer = ${percent(node.serverCpuPerAnswerUs / epos.serverCpuPerAnswerUs)} of epos's)`,
  ].join('\n');
}

/** Issue 15's budget line for the cached reads among `rows`: met when each is ≥ 40 % of nginx and ≥ 75 % of node:http without errors. */
export function budgetLine(rows: readonly ReadThroughput[]): { ok: boolean; line: string } {
  const cached = rows.filter((r) => r.read.cached);
  const misses = cached.filter((r) => {
    const { ofNginx, ofNode } = r.shares;
    return ofNginx < OF_NGINX || ofNode < OF_NODE_HTTP || r.epos.wrk.errors > 0;
  });
  const figures = cached.map((r) => {
    const { ofNginx, ofNode } = r.shares;
    return `${r.read.name} ${percent(ofNginx)} / ${percent(ofNode)}${r.epos.wrk.errors > 0 ? ` (${r.epos.wrk.errors} errors)` : ''}`;
  });
  const ok = cached.length > 0 && misses.length === 0;
  return {
    ok,
    line: `cached reads >= ${percent(OF_NGINX)} of nginx and >= ${percent(OF_NODE_HTTP)} of bare node:http (issue 15): ${ok ? 'met' : 'MISSED'} (${figures.join('; ')})`,
  };
}
