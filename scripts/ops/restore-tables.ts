import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { describeDatabaseError } from '@epos/platform/db/unavailable';
import type { PlatformDatabase } from '@epos/platform/db/tables';
import { OperatorError } from './cli.js';
import type { BackupManifest, TableEntry } from './backup-format.js';

/** Rows sent to PostgreSQL at once, unless their text passes BATCH_BYTES first. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Tables that say nothing about whether a database holds a site: migrations fill the first three. */
const NOT_CONTENT = new Set(['kysely_migration', 'kysely_migration_lock', 'reactor_checkpoints', 'rate_limits']);

/** What makes the database not empty (rows in a table, read models); nothing when it is. */
export async function contentOf(db: Kysely<PlatformDatabase>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    if (NOT_CONTENT.has(name)) continue;
    const { rows } = await sql<{ filled: boolean }>`select exists (select from ${sql.table(name)}) as filled`.execute(db);
    if (rows[0]!.filled) found.push(`rows in ${name}`);
  }
  const readModels = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname like 'rm\\_%' order by nspname`.execute(db);
  if (readModels.rows.length > 0) found.push(`${readModels.rows.length} read models (rm_* schemas)`);
  return found;
}

/** Checks every table file against the manifest (rows and checksum) before anything is loaded. */
export async function verifyTableFiles(folder: string, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const line of linesOf(path.join(folder, table.file), (chunk) => hash.update(chunk))) if (line) rows++;
    if (rows !== table.rows) throw new OperatorError(`${table.file}: ${rows} rows where the manifest says ${table.rows} (damaged or edited)`);
    if (hash.digest('hex') !== table.sha256) throw new OperatorError(`${table.file}: its checksum does not match the manifest's (damaged or edited)`);
  }
}

/**
 * Loads the tables in one transaction (all or nothing), then sets each identity sequence past
 * the highest value loaded, so the next event appended follows the restored log.
 */
export async function loadTables(db: Kysely<PlatformDatabase>, folder: string, tables: readonly TableEntry[], report: (line: string) => void): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of tables) {
      await checkColumns(trx, table);
      // Only migrations have written here (reactors' starting checkpoints): the backup's rows replace them.
      await sql`delete from ${sql.table(table.name)}`.execute(trx);
      await loadTable(trx, folder, table);
      report(`${table.name}: ${table.rows} rows`);
    }
    await resetIdentities(
      trx,
      tables.map((t) => t.name),
    );
  });
}

async function checkColumns(trx: Kysely<PlatformDatabase>, table: TableEntry): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table.name}`.execute(trx);
  const here = new Set(rows.map((r) => r.name));
  if (here.size === 0) throw new OperatorError(`the backup holds table ${table.name}, which this version of Epos does not have`);
  const unknown = table.columns.filter((c) => !here.has(c));
  if (unknown.length > 0) throw new OperatorError(`the backup's table ${table.name} has columns this version of Epos does not have: ${unknown.join(', ')}`);
}

/**
 * The rows' JSON goes to PostgreSQL as it was written (json_populate_recordset parses it with each
 * column's type), so bigints, timestamps to the microsecond and bytea come back exact. Columns
 * added since the backup take their defaults.
 */
async function loadTable(trx: Kysely<PlatformDatabase>, folder: string, table: TableEntry): Promise<void> {
  const columns = sql.join(table.columns.map((c) => sql.id(c)));
  const target = sql.table(table.name);
  const insert = async (lines: string[]) => {
    try {
      await sql`
        insert into ${target} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${target}, ${`[${lines.join(',')}]`}::json)`.execute(trx);
    } catch (error) {
      throw new OperatorError(`${table.file}: PostgreSQL refuses its rows: ${describeDatabaseError(error)}`);
    }
  };
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of linesOf(path.join(folder, table.file))) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insert(batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
}

async function resetIdentities(trx: Kysely<PlatformDatabase>, tables: readonly string[]): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and is_identity = 'YES' and table_name = any(${[...tables]}::text[])`.execute(trx);
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.id(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(trx);
  }
}

/** The lines of a gzipped file, streamed; `onBytes` sees every uncompressed byte. */
async function* linesOf(file: string, onBytes: (chunk: Buffer) => void = () => undefined): AsyncGenerator<string> {
  const input = createReadStream(file);
  const unzipped = input.pipe(createGunzip());
  input.on('error', (error) => unzipped.destroy(error));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of unzipped as AsyncIterable<Buffer>) {
      onBytes(chunk);
      const parts = (rest + decoder.write(chunk)).split('\n');
      rest = parts.pop()!;
      yield* parts;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OperatorError(code === 'ENOENT' ? `${file}: missing from the backup` : `${file}: cannot be read (${(error as Error).message}): damaged?`);
  }
  rest += decoder.end();
  if (rest) yield rest;
}
