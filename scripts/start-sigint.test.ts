import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';
import { logLinesAtLeast } from './testkit/site-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
const groups: number[] = [];

/** Whatever a failed test left: its process groups, and a PostgreSQL still running in its data folder. */
afterAll(async () => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const dataDir of dataDirs) {
    const pid = postmasterOf(dataDir);
    if (pid !== null) {
      try {
        process.kill(pid, 'SIGINT');
        await new Promise((r) => setTimeout(r, 1000));
      } catch {
        /* already stopped */
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 30_000);

function postmasterOf(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres/postmaster.pid');
  return fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
}

/** The processes alive in a process group (ps), and any process still running a PostgreSQL on `dataDir`. */
function leftBehind(group: number, dataDir: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).split('\n');
  return listing.filter((line) => {
    const [, pgid] = line.trim().split(/\s+/);
    return Number(pgid) === group || line.includes(`-D ${path.join(dataDir, 'postgres')}`);
  });
}

/**
 * `npm start` as a terminal runs it: npm, its shell and the site in a process group of their own,
 * the foreground job a Ctrl-C signals as a whole. The apps are built first when their sources
 * changed (npm run build:ui skips them otherwise).
 */
async function startInItsOwnGroup(): Promise<{ child: ChildProcess; dataDir: string; output: () => string; exited: Promise<number | null>; port: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-sigint-'));
  fs.chmodSync(dataDir, 0o777);
  dataDirs.push(dataDir);
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.push(child.pid!);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 600_000;
  while (!output.includes('Epos is ready')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  // Let the job workers settle into waiting for jobs, as they do on a running site.
  await new Promise((r) => setTimeout(r, 1500));
  return { child, dataDir, output: () => output, exited, port };
}

/** Until nothing of the group and no PostgreSQL of its data folder is left (or the time is up). */
async function untilNothingLeft(group: number, dataDir: string): Promise<string[]> {
  // The shutdown's own deadline (20 s) and PostgreSQL's fast shutdown, with room for a busy machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const left = leftBehind(group, dataDir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('npm start, stopped as a terminal or a supervisor stops it', () => {
  it('Ctrl-C (SIGINT to the process group) closes workers, projections and connections before the embedded PostgreSQL, with no error line, and leaves no process behind', async () => {
    const site = await startInItsOwnGroup();
    process.kill(-site.child.pid!, 'SIGINT');
    await site.exited;
    expect(await untilNothingLeft(site.child.pid!, site.dataDir), site.output().slice(-3000)).toEqual([]);
    const output = site.output();
    expect(logLinesAtLeast(50, output)).toEqual([]);
    // PostgreSQL stops last: nothing noticed a lost connection while the rest shut down.
    expect(output).toContain('shutting down');
    expect(logLinesAtLeast(40, output.slice(output.indexOf('shutting down')))).toEqual([]);
    expect(postmasterOf(site.dataDir)).toBeNull();
  }, 700_000);

  it('SIGTERM to npm start (a container or a supervisor stopping it) leaves no process behind', async () => {
    const site = await startInItsOwnGroup();
    // npm relays the signal to its script, which is the site itself (`exec node …`): a shell in
    // between would die of it and leave the site and its PostgreSQL running without a parent.
    const children = () =>
      execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => Number(line.trim().split(/\s+/)[1]) === site.child.pid);
    const isSite = (line: string) => /^\s*\d+\s+\d+\s+(\S*\/)?node --import tsx scripts\/start\.ts/.test(line);
    await expect.poll(() => children().some(isSite), { message: "the site is npm's own child" }).toBe(true);
    process.kill(site.child.pid!, 'SIGTERM');
    expect(await untilNothingLeft(site.child.pid!, site.dataDir), site.output().slice(-3000)).toEqual([]);
    expect(postmasterOf(site.dataDir)).toBeNull();
  }, 700_000);

  it('a second Ctrl-C cuts the shutdown short but still stops PostgreSQL: nothing is left behind', async () => {
    const site = await startInItsOwnGroup();
    process.kill(-site.child.pid!, 'SIGINT');
    await new Promise((r) => setTimeout(r, 1200));
    try {
      process.kill(-site.child.pid!, 'SIGINT');
    } catch {
      /* it had already stopped */
    }
    expect(await untilNothingLeft(site.child.pid!, site.dataDir), site.output().slice(-3000)).toEqual([]);
    expect(postmasterOf(site.dataDir)).toBeNull();
  }, 700_000);
});
