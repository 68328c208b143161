/**
 * bench:poem's references, each in its own process, serving the very bytes the API answered:
 * nginx (one worker process, sendfile, no access log) and a bare `node:http` server
 * (./static-server.ts). And the load generators, each in its own process: the open loop at a fixed
 * rate (../paced-reads.ts), and `wrk` for throughput: the most requests a server answers with
 * 32 connections kept busy (a closed loop, so its latency is at saturation).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from '../../testkit/process-cpu.js';
import { LOAD_CORE, onCore, SERVER_CORE } from '../pinning.js';

export interface Reference {
  name: string;
  url: string;
  /** CPU seconds its processes (nginx's worker with its master) have used so far; NaN without /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Whether `command` is on the PATH (or in /usr/sbin, where Debian puts nginx). */
export function findCommand(command: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = path.join(dir, command);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Serves `dir/file` with nginx on 127.0.0.1:port; its config, logs and pid file live in `dir`. */
export async function startNginx(nginx: string, dir: string, file: string, port: number): Promise<Reference> {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'nginx-error.log')} warn;`,
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  keepalive_requests 1000000;',
      `  client_body_temp_path ${dir}/nginx-body; proxy_temp_path ${dir}/nginx-proxy; fastcgi_temp_path ${dir}/nginx-fastcgi; uwsgi_temp_path ${dir}/nginx-uwsgi; scgi_temp_path ${dir}/nginx-scgi;`,
      `  server { listen 127.0.0.1:${port}; root ${dir}; location = /${file} { default_type application/json; } }`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(...onCore(SERVER_CORE, nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')]), {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return started('nginx (1 worker process)', child, `http://127.0.0.1:${port}/${file}`);
}

/**
 * The bare `node:http` server (./static-server.ts) serving `bodyFile` on 127.0.0.1:port, with a
 * content type and length only, or with `headers` (a flat name, value list) instead.
 */
export async function startNodeHttp(bodyFile: string, port: number, headers?: readonly string[]): Promise<Reference> {
  const script = fileURLToPath(new URL('./static-server.ts', import.meta.url));
  const env = { ...process.env, BODY_FILE: bodyFile, PORT: String(port), ...(headers ? { HEADERS: JSON.stringify(headers) } : {}) };
  const child = spawn(...onCore(SERVER_CORE, process.execPath, ['--import', 'tsx', script]), { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return started(headers ? "bare node:http with the site's headers" : 'bare node:http', child, `http://127.0.0.1:${port}/section.json`);
}

async function started(name: string, child: ChildProcess, url: string): Promise<Reference> {
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  let gone: string | null = null;
  void exited.then((how) => (gone = how));
  for (let waited = 0; ; waited += 50) {
    if (gone) throw new Error(`${name} exited (${gone}) before answering`);
    const ok = await fetch(url).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (ok) break;
    if (waited > 15_000) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${url} within 15 s`);
    }
    await sleep(50);
  }
  return {
    name,
    url,
    cpuSeconds: () => processCpuSeconds(child.pid!, true),
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface WrkResult {
  requestsPerSecond: number;
  /** Latency percentiles at saturation, ms. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx/3xx answers and socket errors. */
  errors: number;
}

/** `wrk -t1 -c<connections> -d<seconds>s --latency [-H header]… url`, parsed. */
export async function runWrk(wrk: string, url: string, seconds: number, connections = 32, headers: Readonly<Record<string, string>> = {}): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)(...onCore(LOAD_CORE, wrk, ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url]), {
    timeout: (seconds + 30) * 1000,
  });
  const number = (pattern: RegExp) => {
    const match = pattern.exec(stdout);
    if (!match) throw new Error(`wrk: no ${pattern} in\n${stdout}`);
    return match;
  };
  const duration = (match: RegExpExecArray) => Number(match[1]) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[match[2]!]!;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)?.slice(1).map(Number) ?? [];
  return {
    requestsPerSecond: Number(number(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: duration(number(/^\s+50%\s+([\d.]+)(us|ms|s|m)$/m)),
    p99: duration(number(/^\s+99%\s+([\d.]+)(us|ms|s|m)$/m)),
    requests: Number(number(/(\d+) requests in/)[1]),
    errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) + socketErrors.reduce((a, b) => a + b, 0),
  };
}
