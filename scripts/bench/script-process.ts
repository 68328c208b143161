import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A benchmark's helper script (`script`, a URL of a .ts file) in a fresh Node process of its own,
 * so that its work shares nothing with the bench process; answers the JSON of the last line it
 * prints. `timeoutSeconds` bounds the whole run.
 */
export async function scriptProcess<T>(script: URL, args: readonly string[], timeoutSeconds: number): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(script), ...args], { timeout: timeoutSeconds * 1000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
