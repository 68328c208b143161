/**
 * npm run rebuild -- <read model> [--no-wait]
 * Rebuilds a read model from the start of the log beside the one serving, which keeps answering
 * until the rebuilt one has caught up and takes over (platform/src/projections/rebuilds.ts). The
 * running projections process does the work; this asks it to, then follows the rebuild.
 */
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { boot, readRebuilds, requestRebuild, type Runtime } from '@epos/platform';
import { allProjections } from '@epos/projections';
import { SEARCH_PROJECTION } from '@epos/platform/search/index';
import { SEARCH_PROJECTION_VERSION } from '@epos/projections/search/search-projection';
import { OperatorError, runCommand } from './cli.js';

const USAGE = `usage: npm run rebuild -- <read model> [--no-wait]

Rebuilds one read model from the start of the event log beside the one serving: readers keep the
current one until the rebuilt one has caught up, then switch over. The site's projections must be
running (npm start, or npm run start:projections); the rebuild starts there. Uses DATABASE_URL, or
the embedded PostgreSQL of a running npm start.

  --no-wait   ask for the rebuild and return, without following it`;

const POLL_MS = 500;
const REPORT_EVERY_MS = 5_000;

const names = [...allProjections.map(({ name, version }) => ({ name, version })), { name: SEARCH_PROJECTION, version: SEARCH_PROJECTION_VERSION }];

await runCommand('rebuild', async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'no-wait': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  const name = positionals[0];
  const projection = names.find((p) => p.name === name);
  if (!name || !projection)
    throw new OperatorError(`${name ? `"${name}" is not a read model` : 'which read model?'}: one of ${names.map((p) => p.name).join(', ')}\n\n${USAGE}`);
  const runtime = await boot('tool', { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  try {
    const rebuilds = await requestRebuild(runtime.database.db, name);
    const version = projection.version + rebuilds;
    const running = await runtime.database.db.selectFrom('projection_leases').select('holder').where('expires_at', '>', new Date()).executeTakeFirst();
    console.log(`Rebuilding ${name} as version ${version} beside the version serving now.`);
    if (!running) console.log('No projections process is running: the rebuild starts when the site (or npm run start:projections) starts.');
    if (values['no-wait'] || !running) return;
    await follow(runtime, name, version, rebuilds);
  } finally {
    await runtime.shutdown.run();
  }
});

/** Reports the rebuild's progress until it takes over or stops on an event. */
async function follow(runtime: Runtime, name: string, version: number, rebuilds: number): Promise<void> {
  const { db } = runtime.database;
  let reported = 0;
  for (;;) {
    const [checkpoint, active, head] = await Promise.all([
      db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).where('version', '=', version).executeTakeFirst(),
      db.selectFrom('projection_active').select('version').where('name', '=', name).executeTakeFirst(),
      runtime.store.headPosition(),
    ]);
    if (active && active.version >= version) return console.log(`Version ${active.version} of ${name} is serving now.`);
    if (checkpoint?.status === 'failed') {
      throw new OperatorError(
        `version ${version} stopped at position ${checkpoint.failed_position} (stream ${checkpoint.failed_stream}, event ${checkpoint.failed_type}): ${checkpoint.error}. The version serving before goes on serving.`,
      );
    }
    if (Date.now() - reported >= REPORT_EVERY_MS) {
      console.log(checkpoint ? `  at position ${checkpoint.position} of ${head}` : '  waiting for the projections process to start it');
      reported = Date.now();
    }
    if (((await readRebuilds(db)).get(name) ?? 0) > rebuilds) return console.log('A later rebuild was asked for: follow that one.');
    await sleep(POLL_MS);
  }
}
