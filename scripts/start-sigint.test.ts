import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';
import { logLinesAtLeast } from './testkit/site-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-sigint-'));
fs.chmodSync(dataDir, 0o777);

afterAll(async () => {
  const pidFile = path.join(dataDir, 'postgres/postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 1000));
    } catch {
      /* already stopped */
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm start and Ctrl-C', () => {
  it('closes workers, projections and connections before the embedded PostgreSQL, with no error line, and exits 0', async () => {
    const port = await freePort();
    const env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Epos is ready')) {
        if (Date.now() > deadline) throw new Error(`not ready:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // Let the job workers settle into waiting for jobs, as they do on a running site.
      await new Promise((r) => setTimeout(r, 1500));

      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toBe(0);
      expect(logLinesAtLeast(50, output)).toEqual([]);
      // PostgreSQL stops last: nothing noticed a lost connection while the rest shut down.
      expect(output).toContain('shutting down');
      expect(logLinesAtLeast(40, output.slice(output.indexOf('shutting down')))).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);
});
