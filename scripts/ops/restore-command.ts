import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '@epos/platform/db/database';
import { migrateToLatest } from '@epos/platform/db/migrate';
import { createLogger } from '@epos/platform/logging/logger';
import { createMediaStorage } from '@epos/platform/storage/index';
import { readManifest } from './backup-format.js';
import { describeDatabase, OperatorError, parseCommandLine } from './cli.js';
import { restoreMedia } from './media-files.js';
import { contentOf, loadTables, verifyTableFiles } from './restore-tables.js';

const USAGE = `usage: npm run restore -- --file <folder> [--database-url <url>] [--data-dir <folder>] [--sessions]

Restores a backup made by npm run backup into an empty database (create one first: createdb),
then rebuilds every read model from the restored event log, so the site starts complete.
Checks the backup against its manifest (counts, checksums) before loading anything.

  --file <folder>        the backup to restore
  --database-url <url>   the empty database to restore into (default: DATABASE_URL)
  --data-dir <folder>    the site's data folder, to put the media files in (default: DATA_DIR, else .data)
  --sessions             restore the sessions too: readers stay signed in (default: everyone signs in again)`;

/** `npm run restore`; bad input throws an OperatorError. */
export async function restore(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const line = parseCommandLine(USAGE, 'restore', args, env);
  if (line === 'help') return console.log(USAGE);
  const { file, config, sessions } = line;
  if (config.EVENTSTORE_URL) throw new OperatorError('EVENTSTORE_URL is set: the restored event log is in PostgreSQL, so run the site without EVENTSTORE_URL');
  const started = Date.now();
  const report = (text: string) => console.log(`  ${text}`);
  const folder = path.resolve(file);
  const manifest = await readManifest(folder);
  console.log(`Checking the backup in ${folder} (made ${manifest.createdAt}, events up to position ${manifest.head})`);
  await verifyTableFiles(folder, manifest);

  const target = describeDatabase(config.DATABASE_URL);
  const database = connectDatabase(config.DATABASE_URL, { applicationName: 'epos-restore', max: 4 });
  try {
    const content = await contentOf(database.db);
    if (content.length > 0) throw new OperatorError(`the database ${target} is not empty (${content.join('; ')}): restore only into a new, empty database`);
    await migrateToLatest(database.db);
    const known = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(database.db)).rows.map((r) => r.name));
    const newer = manifest.migrations.filter((m) => !known.has(m));
    if (newer.length > 0)
      throw new OperatorError(`the backup was made by a newer version of Epos (migrations ${newer.join(', ')} are unknown here): restore it with that version`);

    console.log(`Restoring the media files into ${config.dataDir}`);
    await restoreMedia(folder, manifest, createMediaStorage(config));
    report(`${manifest.media.objects} files, ${manifest.media.bytes} bytes`);

    console.log(`Loading the tables into the database ${target}`);
    const loading = Date.now();
    const tables = manifest.tables.filter((t) => t.name !== 'sessions' || sessions);
    await loadTables(database.db, folder, tables, report);
    report(`loaded in ${seconds(loading)}`);

    console.log('Rebuilding the read models from the event log');
    const rebuilding = Date.now();
    const logger = createLogger(env.LOG_LEVEL ?? 'warn', 'epos-restore');
    try {
      // Loaded only now: the projections are most of what this command loads.
      const { rebuildReadModels } = await import('./rebuild-read-models.js');
      await rebuildReadModels({ config, database, logger, report });
      report(`rebuilt in ${seconds(rebuilding)}`);
    } catch (error) {
      if (error instanceof OperatorError) throw error;
      throw new OperatorError(
        `rebuilding the read models stopped (${error instanceof Error ? error.message : String(error)}); the data is restored: start the site on this database to finish the rebuild`,
      );
    }
    console.log(`Restored in ${seconds(started)}: start the site with DATABASE_URL set to this database and DATA_DIR=${config.dataDir}`);
  } finally {
    await database.close();
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
