/**
 * Every read model equals a fresh rebuild from position 0: the log (`events`) and the one table
 * beside it that projections read (`user_keys`, the keys of sealed personal data) are copied into
 * a fresh database on the same server, every projection of the projections role runs there from
 * 0 until it reaches the head, and each table of each active read-model schema is hashed in both.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, createLogger, loadConfig, migrateToLatest, PostgresEventStore, ProjectionRunner } from '@epos/platform';
import { createDatabaseNamed, dropDatabaseNamed } from '@epos/platform/testkit/test-database';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { runtimeProjections } from '@epos/projections';

/** Tables outside the log that projections read (see projections/src/accounts/sealing.ts). */
const BESIDE_THE_LOG = ['user_keys'] as const;
const COPY_BATCH = 5000;

interface TableHash {
  rows: number;
  md5: string;
}

export interface RebuildComparison {
  /** `rm_x_v1.table` → its hash in the live database. */
  live: Map<string, TableHash>;
  rebuilt: Map<string, TableHash>;
  /** One line per difference: a table missing on one side, or hashing differently. */
  differences: string[];
  rebuildMs: number;
}

/** Waits until every projection version's checkpoint has reached the head of the log. */
export async function untilProjectionsAtHead(client: pg.Client | pg.Pool, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ behind: string }>(
      `select count(*) as behind from projection_checkpoints c join projection_active a using (name, version)
        where c.position < (select coalesce(max(global_position), 0) from events)`,
    );
    if (Number(rows[0]!.behind) === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The live database must not change meanwhile: stop every process writing to it first. */
export async function compareWithRebuild(adminUrl: string, liveUrl: string, options: { timeoutMs: number }): Promise<RebuildComparison> {
  const name = `${new URL(liveUrl).pathname.slice(1)}_rebuild`;
  const rebuildUrl = await createDatabaseNamed(adminUrl, name, { replace: true });
  const live = new pg.Client({ connectionString: liveUrl });
  await live.connect();
  try {
    const started = Date.now();
    await rebuild(live, rebuildUrl, options.timeoutMs);
    const rebuildMs = Date.now() - started;
    const rebuilt = new pg.Client({ connectionString: rebuildUrl });
    await rebuilt.connect();
    try {
      const schemas = await activeSchemas(live);
      const rebuiltSchemas = await activeSchemas(rebuilt);
      const differences: string[] = [];
      if (schemas.join() !== rebuiltSchemas.join())
        differences.push(`active read models differ: live ${schemas.join(', ')}; rebuilt ${rebuiltSchemas.join(', ')}`);
      const liveHashes = await hashTables(live, schemas);
      const rebuiltHashes = await hashTables(rebuilt, schemas);
      for (const table of new Set([...liveHashes.keys(), ...rebuiltHashes.keys()])) {
        const a = liveHashes.get(table);
        const b = rebuiltHashes.get(table);
        if (!a || !b) differences.push(`${table}: only in the ${a ? 'live' : 'rebuilt'} database`);
        else if (a.md5 !== b.md5) differences.push(`${table}: live ${a.rows} rows (${a.md5}), rebuilt ${b.rows} rows (${b.md5})`);
      }
      return { live: liveHashes, rebuilt: rebuiltHashes, differences, rebuildMs };
    } finally {
      await rebuilt.end();
    }
  } finally {
    await live.end();
    await dropDatabaseNamed(adminUrl, name);
  }
}

async function rebuild(live: pg.Client, rebuildUrl: string, timeoutMs: number): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-rebuild-'));
  const database = connectDatabase(rebuildUrl, { max: 10 });
  try {
    await migrateToLatest(database.db);
    const target = new pg.Client({ connectionString: rebuildUrl });
    await target.connect();
    try {
      await copyEvents(live, target);
      for (const table of BESIDE_THE_LOG) await copyTable(live, target, table);
      const config = loadConfig({ DATABASE_URL: rebuildUrl, DATA_DIR: dataDir, REDIS_URL: '', EVENTSTORE_URL: '', TYPESENSE_URL: '' });
      const store = new PostgresEventStore(database, new EventRegistry(eventCatalog));
      const runner = new ProjectionRunner({
        database,
        store,
        logger: createLogger('warn', 'rebuild'),
        projections: runtimeProjections({ config, database }),
        batchSize: 1000,
      });
      await runner.start();
      try {
        if (!(await untilProjectionsAtHead(target, timeoutMs))) throw new Error(`the rebuild did not reach the head within ${timeoutMs} ms`);
        if (runner.failed.size > 0) throw new Error(`projections failed in the rebuild: ${[...runner.failed.values()].map((f) => f.message).join('; ')}`);
      } finally {
        await runner.stop();
        await store.close();
      }
    } finally {
      await target.end();
    }
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The log as it is, positions included. */
async function copyEvents(live: pg.Client, target: pg.Client): Promise<void> {
  for (let after = '0'; ;) {
    const { rows } = await live.query<{ batch: unknown[] | null; last: string | null }>(
      `select json_agg(e order by global_position) as batch, max(global_position)::text as last
         from (select * from events where global_position > $1 order by global_position limit ${COPY_BATCH}) e`,
      [after],
    );
    const { batch, last } = rows[0]!;
    if (!batch || last === null) return;
    await target.query(`insert into events overriding system value select * from json_populate_recordset(null::events, $1::json)`, [JSON.stringify(batch)]);
    after = last;
  }
}

async function copyTable(live: pg.Client, target: pg.Client, table: string): Promise<void> {
  const { rows } = await live.query<{ rows: unknown[] | null }>(`select json_agg(t) as rows from ${pg.escapeIdentifier(table)} t`);
  if (rows[0]!.rows)
    await target.query(`insert into ${pg.escapeIdentifier(table)} select * from json_populate_recordset(null::${pg.escapeIdentifier(table)}, $1::json)`, [
      JSON.stringify(rows[0]!.rows),
    ]);
}

/** `rm_<name>_v<version>` of every active projection version, sorted. */
async function activeSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schema: string }>(`select 'rm_' || name || '_v' || version as schema from projection_active order by 1`);
  return rows.map((r) => r.schema);
}

async function hashTables(client: pg.Client, schemas: readonly string[]): Promise<Map<string, TableHash>> {
  const hashes = new Map<string, TableHash>();
  const { rows: tables } = await client.query<{ schema: string; table: string }>(
    `select table_schema as schema, table_name as table from information_schema.tables where table_schema = any($1::text[]) and table_type = 'BASE TABLE' order by 1, 2`,
    [schemas],
  );
  for (const { schema, table } of tables) {
    const qualified = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
    const { rows } = await client.query<{ rows: string; md5: string | null }>(
      `select count(*) as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as md5 from ${qualified} t`,
    );
    hashes.set(`${schema}.${table}`, { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 ?? 'empty' });
  }
  return hashes;
}
