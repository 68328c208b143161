/**
 * `npm run bench:restart`: how soon `npm start` is ready, the first time on a new data folder and
 * again with nothing changed (issue 34: a restart must not rebuild the apps; budget < 30 s). Each
 * run is stopped by a Ctrl-C to its process group, as a terminal sends it; "stopped" is when its
 * PostgreSQL is gone too (the run fails if it is still there after a minute). `npm start` builds the
 * apps first when their sources changed, and each line says whether it did.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@epos/platform/testkit/free-port';
import { REPO_ROOT, temporaryDataDir } from '../testkit/site-process.js';

const dataDir = temporaryDataDir('epos-restart-');
const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };

async function startAndStop(label: string): Promise<void> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  while (!output.includes('Epos is ready')) {
    if (child.exitCode !== null) throw new Error(`npm start ended before it was ready:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ready = performance.now() - started;
  const built = /vite v\d/.test(output) ? 'apps rebuilt' : 'apps up to date';
  process.kill(-child.pid!, 'SIGINT');
  const stopping = performance.now();
  await exited;
  // The site stops its PostgreSQL last; its pid file goes with it.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  while (fs.existsSync(pidFile)) {
    if (performance.now() - stopping > 60_000) throw new Error(`${label}: PostgreSQL still running a minute after Ctrl-C (${pidFile})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`${label}: ready in ${(ready / 1000).toFixed(1)} s (${built}); stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
}

try {
  await startAndStop('first start, new data folder');
  await startAndStop('restart, nothing changed');
  await startAndStop('restart again');
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
