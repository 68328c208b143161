import { connectDatabase } from '@epos/platform/db/database';
import { describeDatabase, OperatorError, parseCommandLine } from './cli.js';
import { writeBackup } from './write-backup.js';

const USAGE = `usage: npm run backup -- --file <folder> [--database-url <url>] [--data-dir <folder>]

Backs up the site into <folder>, which must not exist yet: the event log, the tables kept beside
it (credentials, user keys, one-time codes, sessions, site secrets, reactor checkpoints, effects
done) and the media files. Consistent while the site runs and writes: the tables are read as one
snapshot. Read models are not kept: npm run restore rebuilds them from the log.

  --file <folder>        where to write the backup
  --database-url <url>   the site's database (default: DATABASE_URL)
  --data-dir <folder>    the site's data folder, whose media/objects are copied (default: DATA_DIR, else .data)`;

/** `npm run backup`; bad input throws an OperatorError. */
export async function backup(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const line = parseCommandLine(USAGE, 'backup', args, env);
  if (line === 'help') return console.log(USAGE);
  const { file, config } = line;
  if (config.EVENTSTORE_URL)
    throw new OperatorError(
      "EVENTSTORE_URL is set: this site keeps its event log in KurrentDB, which this backup does not read (back it up with KurrentDB's own tools)",
    );
  const database = connectDatabase(config.DATABASE_URL, { applicationName: 'epos-backup', max: 1 });
  try {
    const started = Date.now();
    console.log(`Backing up the database ${describeDatabase(config.DATABASE_URL)} and the media files of ${config.dataDir}`);
    const manifest = await writeBackup({ database, dataDir: config.dataDir, folder: file, report: (text) => console.log(`  ${text}`) });
    console.log(`Backup written to ${file}: events up to position ${manifest.head}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}
