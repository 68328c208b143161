import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@epos/platform/db/database';
import type { PlatformDatabase } from '@epos/platform/db/tables';
import { OperatorError } from './cli.js';
import {
  FORMAT,
  FORMAT_VERSION,
  keysDigest,
  MANIFEST_FILE,
  manifestChecksum,
  mediaFile,
  TABLES,
  tableFile,
  type BackupManifest,
  type TableEntry,
} from './backup-format.js';
import { mediaRoot } from '@epos/platform/storage/index';
import { copyObject, storedObjects } from './media-files.js';

const ROWS_PER_FETCH = 1000;

export interface BackupOptions {
  database: Database;
  /** The site's DATA_DIR, whose media files are copied. */
  dataDir: string;
  /** The backup folder to make; it must not exist. */
  folder: string;
  report?: (line: string) => void;
}

/**
 * Writes a backup into a new folder. The tables are read in one read-only REPEATABLE READ
 * transaction, so they are one consistent snapshot even while the site appends: the event log up
 * to its head at that moment, and the other tables as they stood then. Media files are copied
 * after it: an event names only files stored before it was appended, and files are never changed
 * (their name is their hash), so every file the snapshot's events name is there to copy.
 */
export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const report = options.report ?? (() => undefined);
  const folder = path.resolve(options.folder);
  if (await exists(folder)) throw new OperatorError(`${folder} exists already: name a new folder for the backup`);
  // Written under another name and renamed when complete: a folder named as asked is a finished backup.
  const parent = path.dirname(folder);
  await fs.mkdir(parent, { recursive: true });
  const unfinished = await fs.mkdtemp(path.join(parent, `.${path.basename(folder)}.unfinished-`));
  try {
    await fs.mkdir(path.join(unfinished, 'tables'));
    await fs.mkdir(path.join(unfinished, 'media'));
    const snapshot = await options.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => writeTables(trx, unfinished, report));
    const media = await copyMedia(mediaRoot(options.dataDir), unfinished, report);
    const unsigned = { format: FORMAT, formatVersion: FORMAT_VERSION, createdAt: new Date().toISOString(), ...snapshot, media } as const;
    const manifest: BackupManifest = { ...unsigned, checksum: manifestChecksum(unsigned) };
    await fs.writeFile(path.join(unfinished, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(unfinished, folder);
    return manifest;
  } catch (error) {
    await fs.rm(unfinished, { recursive: true, force: true });
    throw error;
  }
}

async function writeTables(
  trx: Kysely<PlatformDatabase>,
  folder: string,
  report: (line: string) => void,
): Promise<Pick<BackupManifest, 'head' | 'migrations' | 'tables'>> {
  // The transaction's first statement takes its snapshot.
  const missing = await sql<{ name: string }>`
    select name from unnest(${TABLES.map((t) => t.name)}::text[]) as name where to_regclass('public.' || name) is null`.execute(trx);
  if (missing.rows.length > 0)
    throw new OperatorError(`the database has no table ${missing.rows.map((r) => r.name).join(', ')}: not an Epos database, or one no site has started on yet`);
  const head = (await sql<{ head: string }>`select coalesce(max(global_position), 0)::text as head from events`.execute(trx)).rows[0]!.head;
  const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((r) => r.name);
  const tables: TableEntry[] = [];
  for (const table of TABLES) {
    const entry = await writeTable(trx, folder, table.name, table.orderBy);
    report(`${table.name}: ${entry.rows} rows`);
    tables.push(entry);
  }
  return { head, migrations, tables };
}

/** One table, streamed through a cursor: never more than a fetch of rows in memory. */
async function writeTable(trx: Kysely<PlatformDatabase>, folder: string, name: string, orderBy: string | undefined): Promise<TableEntry> {
  const columns = (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = ${name} order by ordinal_position`.execute(trx)
  ).rows.map((r) => r.column_name);
  const order = orderBy ? sql`order by ${sql.ref(orderBy)}` : sql``;
  await sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.table(name)} t ${order}`.execute(trx);
  const hash = createHash('sha256');
  let rows = 0;
  async function* lines(): AsyncGenerator<Buffer> {
    for (;;) {
      const fetched = await sql<{ row: string }>`fetch forward ${sql.lit(ROWS_PER_FETCH)} from backup_rows`.execute(trx);
      if (fetched.rows.length === 0) return;
      const text = Buffer.from(fetched.rows.map((r) => `${r.row}\n`).join(''));
      hash.update(text);
      rows += fetched.rows.length;
      yield text;
    }
  }
  const file = tableFile(name);
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(path.join(folder, file)));
  await sql`close backup_rows`.execute(trx);
  return { name, file, columns, rows, sha256: hash.digest('hex') };
}

async function copyMedia(root: string, folder: string, report: (line: string) => void): Promise<BackupManifest['media']> {
  const keys: string[] = [];
  let bytes = 0;
  for await (const object of storedObjects(root)) {
    bytes += await copyObject(object.key, object.file, path.join(folder, mediaFile(object.key)));
    keys.push(object.key);
  }
  report(`media: ${keys.length} files, ${bytes} bytes${keys.length === 0 ? ` (none in ${root})` : ''}`);
  return { objects: keys.length, bytes, sha256: keysDigest(keys) };
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
