import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOAD_CORE, onCore } from './pinning.js';

/**
 * A benchmark's load generator (`script`, a URL of a .ts file) in a fresh Node process of its own on the load core (./pinning.ts),
 * so that its work shares nothing with the bench process; answers the JSON of the last line it
 * prints. `timeoutSeconds` bounds the whole run.
 */
export async function scriptProcess<T>(script: URL, args: readonly string[], timeoutSeconds: number): Promise<T> {
  const { stdout } = await promisify(execFile)(...onCore(LOAD_CORE, process.execPath, ['--import', 'tsx', fileURLToPath(script), ...args]), {
    timeout: timeoutSeconds * 1000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
