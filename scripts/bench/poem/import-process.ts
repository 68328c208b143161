/**
 * bench:poem's import: `npm run import`'s script (scripts/poem/import.ts) run as its own process
 * on the bench database, as an operator runs it. It parses, plans, appends and runs the
 * projections itself (scripts/poem/tool-runtime.ts), and exits once the poem read model has
 * applied the import. Measured from here: wall time from spawn to exit; peak RSS as the process
 * itself reports it at exit (./report-usage.ts) and as /proc showed it meanwhile (VmHWM);
 * when its appends and the poem projection's progress reached the database (NOTIFY), and the
 * RSS of the process at those moments, to tell where the time and the memory go.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotificationListener } from '@epos/platform/db/notifications';
import { EVENTS_CHANNEL } from '@epos/platform/event-store/postgres/postgres-event-store';
import { parseProgress, PROJECTIONS_CHANNEL } from '@epos/platform/projections/notifications';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { USAGE_PREFIX, type ProcessUsage } from './usage-line.js';
import { generatePoem } from '../../poem/generate.js';

const SAMPLE_MS = 50;

export interface ImportRun {
  exit: string;
  /** Spawn to exit. */
  wallMs: number;
  usage: ProcessUsage | null;
  /** The highest VmHWM /proc showed while sampling every 50 ms, kilobytes; NaN without /proc. */
  procPeakKb: number;
  stdout: string[];
  stderr: string[];
  /** Since spawn: the first and last append seen, and the poem projection reaching the last. */
  firstAppendMs: number | null;
  lastAppendMs: number | null;
  projectedMs: number | null;
  /** RSS (kilobytes) of the process at its highest before the first append, during the appends, and after the last one. */
  peakBeforeAppendKb: number;
  peakWhileAppendingKb: number;
  peakAfterAppendKb: number;
  /** Every core's busy share over the run (all processes, PostgreSQL included), 0..cores. */
  machineCores: number;
}

export async function runImport(databaseUrl: string, args: string[], nodeFlags: string[] = []): Promise<ImportRun> {
  const script = fileURLToPath(new URL('../../poem/import.ts', import.meta.url));
  const usageHook = fileURLToPath(new URL('./report-usage.ts', import.meta.url));
  const appends: [number, bigint][] = [];
  const poem: [number, bigint][] = [];
  const events = new NotificationListener(databaseUrl, EVENTS_CHANNEL);
  events.onPayload((payload) => appends.push([performance.now(), BigInt(payload)]));
  const progress = new NotificationListener(databaseUrl, PROJECTIONS_CHANNEL);
  progress.onPayload((payload) => {
    const message = parseProgress(payload);
    if (message?.kind === 'progress' && message.name === POEM_PROJECTION) poem.push([performance.now(), message.position]);
  });
  await Promise.all([events.start(), progress.start()]);

  const cpuBefore = machineBusy();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--import', usageHook, script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let usage: ProcessUsage | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(line));
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.startsWith(USAGE_PREFIX)) usage = JSON.parse(line.slice(USAGE_PREFIX.length)) as ProcessUsage;
    else stderr.push(line);
  });
  const rss: [number, number][] = [];
  let procPeakKb = NaN;
  const sampler = setInterval(() => {
    const status = procStatus(child.pid);
    // An exiting process (a zombie) has no memory lines left.
    if (!status || Number.isNaN(status.rssKb) || Number.isNaN(status.hwmKb)) return;
    rss.push([performance.now(), status.rssKb]);
    procPeakKb = Number.isNaN(procPeakKb) ? status.hwmKb : Math.max(procPeakKb, status.hwmKb);
  }, SAMPLE_MS);
  const exit = await new Promise<string>((resolve) => {
    child.once('close', (code, signal) => resolve(signal ?? `code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  const ended = performance.now();
  clearInterval(sampler);
  const cpuAfter = machineBusy();
  await Promise.all([events.close(), progress.close()]);

  const firstAppend = appends[0]?.[0] ?? null;
  const lastAppend = appends.at(-1) ?? null;
  const projected = lastAppend ? (poem.find(([, p]) => p >= lastAppend[1])?.[0] ?? null) : null;
  const peak = (from: number, to: number) => Math.max(0, ...rss.filter(([t]) => t >= from && t <= to).map(([, kb]) => kb));
  return {
    exit,
    wallMs: ended - started,
    usage,
    procPeakKb,
    stdout,
    stderr,
    firstAppendMs: firstAppend === null ? null : firstAppend - started,
    lastAppendMs: lastAppend === null ? null : lastAppend[0] - started,
    projectedMs: projected === null ? null : projected - started,
    peakBeforeAppendKb: peak(started, firstAppend ?? ended),
    peakWhileAppendingKb: firstAppend === null ? 0 : peak(firstAppend, lastAppend![0]),
    peakAfterAppendKb: lastAppend === null ? 0 : peak(lastAppend[0], ended),
    machineCores: cpuBefore && cpuAfter ? (cpuAfter.busy - cpuBefore.busy) / ((ended - started) / 1000) : NaN,
  };
}

function procStatus(pid: number | undefined): { rssKb: number; hwmKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** CPU seconds every core has spent busy (not idle or waiting for I/O) since boot, from /proc/stat. */
function machineBusy(): { busy: number } | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number) as number[];
    return { busy: (user! + nice! + system! + irq! + softirq! + steal!) / 100 };
  } catch {
    return null;
  }
}

/** A generated poem of `sentences` sentences written to `dir` and imported by `npm run import`'s script; throws when the import fails. */
export async function importGeneratedPoem(databaseUrl: string, dir: string, sentences: number): Promise<ImportRun> {
  const poemFile = path.join(dir, 'poem.json');
  fs.writeFileSync(poemFile, JSON.stringify(generatePoem(sentences)));
  const imported = await runImport(databaseUrl, [poemFile]);
  if (imported.exit !== 'code 0') throw new Error(`the import failed (${imported.exit}): ${imported.stderr.join('\n')}`);
  return imported;
}
