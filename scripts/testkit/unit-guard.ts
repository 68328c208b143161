/**
 * Set up before every unit test file (vitest.config.ts): a unit test connects to no database and
 * starts no process. One that tries fails at once, saying why, rather than passing slowly in
 * `npm run test:unit` or hanging on a server that is not there (docs/decisions/unit-tests.md).
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import pg from 'pg';
import { UNIT_REFUSAL } from './test-kinds.js';

const refuse = () => {
  throw new Error(UNIT_REFUSAL);
};

pg.Client.prototype.connect = function connect(callback?: (error: Error) => void) {
  const error = new Error(UNIT_REFUSAL);
  if (callback) return callback(error);
  return Promise.reject(error);
} as typeof pg.Client.prototype.connect;

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.defineProperty(childProcess, name, { value: refuse, configurable: true, writable: true });
}
// `import { spawn } from 'node:child_process'` sees the refusal too.
syncBuiltinESMExports();
