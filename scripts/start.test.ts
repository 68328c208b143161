import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-start-'));
fs.chmodSync(dataDir, 0o777);
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'postgres/postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* already stopped */
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(base: string, running: { output(): string }): Promise<{ head: string; projections: { name: string; status: string }[] }> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return (await response.json()) as { head: string; projections: { name: string; status: string }[] };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not come up:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('npm start (embedded default)', () => {
  it('refuses a malformed DATABASE_URL with a message naming it', async () => {
    const run = start({ DATABASE_URL: 'postgres//nope', PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('DATABASE_URL: expected a URL like postgres://');
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it('starts PostgreSQL, migrates, serves API and reader app on one port, and shuts down cleanly', async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) };
    const base = `http://127.0.0.1:${port}`;
    const first = start(env);
    const health = await waitForHealth(base, first);
    expect(health.projections.map((p) => p.name)).toContain('change_log');
    expect(fs.existsSync(path.join(dataDir, 'postgres/PG_VERSION'))).toBe(true);

    const page = await fetch(`${base}/some/reader/path`);
    if (fs.existsSync(path.join(root, 'reader-ui/dist/index.html'))) {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } else {
      expect(page.status).toBe(503);
    }
    expect((await fetch(`${base}/api/docs/json`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);

    // A second start keeps the data; one killed outright leaves PostgreSQL running, and the next start re-attaches.
    const second = start(env);
    const again = await waitForHealth(base, second);
    expect(again.head).toBe(health.head);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(true);
    const third = start(env);
    await waitForHealth(base, third);
    expect(third.output()).toContain('reusing embedded PostgreSQL');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 180_000);
});
