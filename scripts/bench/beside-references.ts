/**
 * Issue 15's throughput comparison, shared by bench:blogs and bench:reader: each read of the site
 * under `wrk -t1 -c32`, then nginx and a bare `node:http` serving the very same bytes, one server
 * at a time, each in a process of its own (the helpers of ./poem/references.ts). The bytes are the
 * site's own answer, fetched first as wrk will ask for it (without Accept-Encoding, or with the
 * read's own: then the references serve the compressed bytes) and written to a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { freePort } from '@epos/platform/testkit/free-port';
import { findCommand, runWrk, startNginx, startNodeHttp, type Reference, type WrkResult } from './poem/references.js';

/** Issue 15's budget for cached reads: shares of the references' throughput, same bytes, same run. */
export const OF_NGINX = 0.4;
export const OF_NODE_HTTP = 0.75;

export interface Read {
  name: string;
  /** Full URL on the site. */
  url: string;
  /** A cached read (judged by issue 15's budget); others are printed for comparison only. */
  cached: boolean;
  /** Asked of the site with this Accept-Encoding (by wrk too), so the bytes compared are the compressed ones; else none. */
  acceptEncoding?: string;
}

export interface Measured {
  wrk: WrkResult;
  /** Cores the whole machine was busy during the measured run (of os.cpus().length). */
  machineCores: number;
  /** Cores wrk itself used (wrk -t1 at 1.00 means the client, not the server, set the pace); NaN without /proc. */
  wrkCores: number;
}

export interface ReadThroughput {
  read: Read;
  bytes: number;
  contentType: string;
  epos: Measured & { serverCores?: number };
  nginx: Measured;
  node: Measured;
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
    console.error(`${bench} needs ${[wrk ? null : 'wrk', nginx ? null : 'nginx'].filter(Boolean).join(' and ')} for its throughput references (Debian: apt-get install -y wrk nginx)`);
    process.exit(1);
  }
  return { wrk, nginx };
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds used by this process's children that have exited and been waited for (proc(5): cutime + cstime); NaN without /proc. */
function exitedChildrenCpuSeconds(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/**
 * wrk for `seconds` on `url`, with what the machine and wrk used meanwhile. wrk is the only child
 * that exits during the run, so the CPU of exited children grows by wrk's own.
 */
async function measuredWrk(wrk: string, url: string, seconds: number, headers: Readonly<Record<string, string>> = {}): Promise<Measured> {
  const busy = machineBusy();
  const children = exitedChildrenCpuSeconds();
  const started = performance.now();
  const result = await runWrk(wrk, url, seconds, 32, headers);
  const elapsed = (performance.now() - started) / 1000;
  return { wrk: result, machineCores: busy(), wrkCores: (exitedChildrenCpuSeconds() - children) / elapsed };
}

/** Busy time of every core since the returned function was made, in cores (os.cpus()'s user, nice, sys and irq against idle: it has no softirq, iowait or steal). */
function machineBusy(): () => number {
  const sample = () => os.cpus().reduce((sum, { times }) => ({ busy: sum.busy + times.user + times.nice + times.sys + times.irq, all: sum.all + times.user + times.nice + times.sys + times.irq + times.idle }), { busy: 0, all: 0 });
  const before = sample();
  return () => {
    const after = sample();
    const all = after.all - before.all;
    return all > 0 ? ((after.busy - before.busy) / all) * os.cpus().length : NaN;
  };
}

/**
 * Measures each read: the site, then nginx, then bare node:http, each after a 1 s warm-up of its
 * own, for `seconds` under wrk with 32 connections. `serverCpuSeconds`, when given, is the CPU the
 * site's process has used so far (to print how much of a core it used under wrk). Prints each read
 * as it is measured (`print`) and answers them all.
 */
export async function throughputBesideReferences(options: { tools: Tools; reads: readonly Read[]; seconds: number; serverCpuSeconds?: () => number; print?: (lines: string) => void }): Promise<ReadThroughput[]> {
  const { tools, reads, seconds, serverCpuSeconds } = options;
  const print = options.print ?? ((lines: string) => console.log(lines));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-references-'));
  const rows: ReadThroughput[] = [];
  const measure = async (url: string): Promise<Measured> => {
    await runWrk(tools.wrk, url, 1);
    return measuredWrk(tools.wrk, url, seconds);
  };
  const besideReference = async (start: () => Promise<Reference>, body: Buffer): Promise<Measured> => {
    const reference = await start();
    try {
      const served = Buffer.from(await (await fetch(reference.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      if (!served.equals(body)) throw new Error(`${reference.name} does not serve the site's bytes`);
      return await measure(reference.url);
    } finally {
      await reference.stop();
    }
  };
  try {
    for (const [i, read] of reads.entries()) {
      // undici's request, unlike fetch, leaves a compressed body as it came.
      const headers: Record<string, string> = read.acceptEncoding ? { 'accept-encoding': read.acceptEncoding } : {};
      const answer = await request(read.url, { headers });
      const body = Buffer.from(await answer.body.arrayBuffer());
      if (answer.statusCode !== 200) throw new Error(`${read.url}: ${answer.statusCode} ${body.toString().slice(0, 200)}`);
      const encoding = answer.headers['content-encoding'];
      if (!read.acceptEncoding && encoding) throw new Error(`${read.url}: answered ${String(encoding)} to a request without Accept-Encoding`);
      if (read.acceptEncoding && !encoding) throw new Error(`${read.url}: not compressed for accept-encoding: ${read.acceptEncoding}`);
      const file = `body-${i}`;
      fs.writeFileSync(path.join(dir, file), body);

      await runWrk(tools.wrk, read.url, 1, 32, headers);
      const cpuStart = serverCpuSeconds?.();
      const wrkStarted = performance.now();
      const epos: ReadThroughput['epos'] = await measuredWrk(tools.wrk, read.url, seconds, headers);
      if (cpuStart !== undefined) epos.serverCores = (serverCpuSeconds!() - cpuStart) / ((performance.now() - wrkStarted) / 1000);
      const nginx = await besideReference(async () => startNginx(tools.nginx, dir, file, await freePort()), body);
      const node = await besideReference(async () => startNodeHttp(path.join(dir, file), await freePort()), body);
      const contentType = `${String(answer.headers['content-type'] ?? '?')}${encoding ? `, ${String(encoding)}` : ''}`;
      const row: ReadThroughput = { read, bytes: body.length, contentType, epos, nginx, node };
      rows.push(row);
      print(formatRow(row));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const rate = (r: number) => Math.round(r).toLocaleString('en');
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The site's share of each reference's throughput. */
export function shares(row: ReadThroughput): { ofNginx: number; ofNode: number } {
  return { ofNginx: row.epos.wrk.requestsPerSecond / row.nginx.wrk.requestsPerSecond, ofNode: row.epos.wrk.requestsPerSecond / row.node.wrk.requestsPerSecond };
}

export function formatRow(row: ReadThroughput): string {
  const { epos, nginx, node } = row;
  const { ofNginx, ofNode } = shares(row);
  const url = new URL(row.read.url);
  const target = `${url.pathname}${url.search}`;
  const label = (name: string) => `    ${name}`.padEnd(58);
  return [
    `  ${row.read.name === target ? '' : `${row.read.name}: `}GET ${target} (${row.bytes.toLocaleString('en')} B, ${row.contentType}${row.read.cached ? '' : '; not a cached read'})`,
    `${label('throughput: epos / nginx / bare node:http')} ${rate(epos.wrk.requestsPerSecond)} / ${rate(nginx.wrk.requestsPerSecond)} / ${rate(node.wrk.requestsPerSecond)} req/s`,
    `${label('epos share')} epos = ${percent(ofNginx)} of nginx, ${percent(ofNode)} of node:http`,
    `${label('p50 / p99 at saturation: epos; nginx; node:http')} ${epos.wrk.p50.toFixed(2)} / ${epos.wrk.p99.toFixed(2)}; ${nginx.wrk.p50.toFixed(2)} / ${nginx.wrk.p99.toFixed(2)}; ${node.wrk.p50.toFixed(2)} / ${node.wrk.p99.toFixed(2)} ms`,
    `${label('errors (non-2xx, socket): epos / nginx / node:http')} ${epos.wrk.errors} / ${nginx.wrk.errors} / ${node.wrk.errors}`,
    `${label(`cores busy, machine (of ${os.cpus().length}) / wrk: epos; nginx; node:http`)} ${epos.machineCores.toFixed(2)} / ${epos.wrkCores.toFixed(2)}; ${nginx.machineCores.toFixed(2)} / ${nginx.wrkCores.toFixed(2)}; ${node.machineCores.toFixed(2)} / ${node.wrkCores.toFixed(2)}${epos.serverCores === undefined ? '' : `; the site's process under wrk ${epos.serverCores.toFixed(2)}`}`,
  ].join('\n');
}

/** Issue 15's budget line for the cached reads among `rows`: met when each is ≥ 40 % of nginx and ≥ 75 % of node:http without errors. */
export function budgetLine(rows: readonly ReadThroughput[]): { ok: boolean; line: string } {
  const cached = rows.filter((r) => r.read.cached);
  const misses = cached.filter((r) => {
    const { ofNginx, ofNode } = shares(r);
    return ofNginx < OF_NGINX || ofNode < OF_NODE_HTTP || r.epos.wrk.errors > 0;
  });
  const figures = cached.map((r) => {
    const { ofNginx, ofNode } = shares(r);
    return `${r.read.name} ${percent(ofNginx)} / ${percent(ofNode)}${r.epos.wrk.errors > 0 ? ` (${r.epos.wrk.errors} errors)` : ''}`;
  });
  const ok = cached.length > 0 && misses.length === 0;
  return { ok, line: `cached reads >= ${percent(OF_NGINX)} of nginx and >= ${percent(OF_NODE_HTTP)} of bare node:http (issue 15): ${ok ? 'met' : 'MISSED'} (${figures.join('; ')})` };
}
