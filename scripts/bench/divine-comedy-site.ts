import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { SiteClient } from '../testkit/site-client.js';
import { startSite, type SiteProcess } from '../testkit/site-process.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const READER = { userName: 'bench-reader', email: 'bench-reader@example.org', password: 'a-long-benchmark-password' };
const tool = (script: string, args: readonly string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 });

/**
 * A site of its own (`npm start`) with the whole Divine Comedy (Longfellow; ./corpora) imported by
 * `npm run import`, and a reader made as an operator makes one (`npm run create-admin`, the password
 * set through its one-time link), signed in as `client`. Writes are let through a hundred times the
 * people's limits: the limits are not what a benchmark measures.
 */
export async function divineComedySite(options: { databaseUrl?: string; core?: number } = {}): Promise<{ site: SiteProcess; client: SiteClient }> {
  let resetLink = '';
  const site = await startSite({
    ...options,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '100' },
    prepare: async (env) => {
      const file = path.join(env.DATA_DIR!, 'divine-comedy.txt');
      fs.writeFileSync(file, gunzipSync(fs.readFileSync(path.join(ROOT, 'scripts/bench/corpora/divine-comedy.txt.gz'))));
      await tool('scripts/poem/import.ts', [file], env);
      const { stdout } = await tool('scripts/accounts/create-admin.ts', [READER.userName, READER.email], env);
      resetLink = /https?:\/\/\S+\/reset-password\?\S+/u.exec(stdout)?.[0] ?? '';
    },
  });
  try {
    const link = new URL(resetLink);
    const client = new SiteClient(site.base);
    const reset = await client.request('POST', '/resetp', {
      body: { userId: link.searchParams.get('userId'), Code: link.searchParams.get('code'), Password: READER.password },
    });
    if (!reset.ok) throw new Error(`setting the reader's password answered ${reset.status}`);
    await client.login(READER.userName, READER.password);
    return { site, client };
  } catch (error) {
    await site.stop();
    throw error;
  }
}
