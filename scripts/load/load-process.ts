/**
 * The load's generators (readers, writers), each a Node process of its own: the run hands each a
 * config file and takes its report back from another file (a soak's samples outgrow a pipe's
 * comfortable size). Every process shares one window of wall-clock time, so their figures and
 * the site's CPU and memory cover the same seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Catalogue } from './mix.js';
import { scriptProcess } from '../bench/script-process.js';
import type { ProcessReport } from './samples.js';

/** When every load process starts (ms since the epoch), and how long it runs unmeasured, then measured. */
export interface LoadWindow {
  startAt: number;
  warmUpSeconds: number;
  seconds: number;
}

export interface ReadersConfig {
  base: string;
  catalogue: Catalogue;
  readers: number;
  /** The first `signedIn` of them send `cookie`. */
  signedIn: number;
  cookie: string;
  thinkMs: number;
  seed: number;
  window: LoadWindow;
}

export interface WritersConfig {
  base: string;
  catalogue: Catalogue;
  writers: number;
  thinkMs: number;
  seed: number;
  window: LoadWindow;
}

/** Runs `script` with `config`, awaits its end and answers its report. */
export async function loadProcess(script: URL, config: ReadersConfig | WritersConfig): Promise<ProcessReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-load-'));
  try {
    const configFile = path.join(dir, 'config.json');
    const reportFile = path.join(dir, 'report.json');
    fs.writeFileSync(configFile, JSON.stringify(config));
    const { startAt, warmUpSeconds, seconds } = config.window;
    const timeoutSeconds = Math.ceil((startAt - Date.now()) / 1000) + warmUpSeconds + seconds + 120;
    await scriptProcess<unknown>(script, [configFile, reportFile], timeoutSeconds);
    return JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ProcessReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** In a load process: its config, and how to hand its report back. */
export function loadProcessArguments<Config>(): { config: Config; finish(report: ProcessReport): void } {
  const [configFile, reportFile] = process.argv.slice(2);
  if (!configFile || !reportFile) throw new Error('usage: <config file> <report file>');
  return {
    config: JSON.parse(fs.readFileSync(configFile, 'utf8')) as Config,
    finish(report) {
      fs.writeFileSync(reportFile, JSON.stringify(report));
      console.log(JSON.stringify({ requests: report.requests, cpuSeconds: report.cpuSeconds }));
    },
  };
}

/** The window in this process's performance.now() time: when to start, and the measured part [from, until). */
export function windowTimes({ startAt, warmUpSeconds, seconds }: LoadWindow): { start: number; from: number; until: number } {
  const start = performance.now() + (startAt - Date.now());
  return { start, from: start + warmUpSeconds * 1000, until: start + (warmUpSeconds + seconds) * 1000 };
}

export async function until(time: number): Promise<void> {
  const wait = time - performance.now();
  if (wait > 0) await sleep(wait);
}

/** CPU seconds this process uses between `from` and `until` (performance.now() times), read once both have passed. */
export function cpuBetween(from: number, untilTime: number): () => number {
  let atFrom: NodeJS.CpuUsage | null = null;
  let used = NaN;
  setTimeout(() => (atFrom = process.cpuUsage()), Math.max(0, from - performance.now()));
  setTimeout(
    () => {
      if (!atFrom) return;
      const { user, system } = process.cpuUsage(atFrom);
      used = (user + system) / 1e6;
    },
    Math.max(0, untilTime - performance.now()),
  );
  return () => used;
}
