/**
 * npm run backup / npm run restore against a real site: a backup taken while the site keeps
 * writing is one snapshot (its events are exactly the log up to its head), and a site started on
 * the restored database answers every URL of a crawl as the original did.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '@epos/platform';
import { createKillablePostgres, type KillablePostgres } from '@epos/platform/testkit/killable-postgres';
import { SiteClient } from '../testkit/site-client.js';
import { logLinesAtLeast, REPO_ROOT, startSite, temporaryDataDir, type SiteProcess } from '../testkit/site-process.js';
import { backup } from './backup-command.js';
import { readManifest, tableFile } from './backup-format.js';
import { OperatorError } from './cli.js';
import { crawlSite, type CrawlIdentity } from './crawl-site.js';
import { restore } from './restore-command.js';

const SITE_ENV = { RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: 'warn' };
const NOTE = 'The lamp is memory: kept through the backup.';
const READER_PATHS = [
  '/api/me',
  '/postdata/mydata',
  '/api/my/notes',
  '/api/my/notes.md',
  '/postdata/getmynotes/1',
  '/postdata/getmynotes/2',
  '/postdata/getSubscription',
  '/api/notifications',
  '/api/notifications/unread',
  '/api/sbook/1/1/1',
];
const ADMIN_PATHS = [
  '/admin-api/users',
  '/admin-api/events',
  '/admin-api/blogs',
  '/admin-api/posts',
  '/admin-api/comments',
  '/admin-api/pages',
  '/admin-api/media',
  '/admin-api/sentences',
  '/admin-api/suggestions',
  '/admin-api/books',
  '/admin-api/authors',
  '/admin-api/dashboard',
];

let postgres: KillablePostgres;
let work: string;
let sourceUrl: string;
let sourceData: string;
let source: SiteProcess;
let restored: SiteProcess | undefined;
let reader: SiteClient;
let admin: SiteClient;
const databases: Database[] = [];

beforeAll(async () => {
  postgres = await createKillablePostgres();
  work = temporaryDataDir('epos-backup-test-');
  sourceUrl = await postgres.createDatabase('epos_source');
  sourceData = path.join(work, 'source-data');
  source = await startSite({ databaseUrl: sourceUrl, env: { ...SITE_ENV, DATA_DIR: sourceData } });
  reader = new SiteClient(source.base);
  admin = new SiteClient(source.base);
  await reader.login('reader', 'demo-reader-password');
  await admin.login('admin', 'demo-admin-password');
  // Writes beside the demo: notes sealed with the reader's key, a comment.
  for (const [n, Content] of [NOTE, 'A second note.', 'A third, on another sentence.'].entries()) {
    expect((await reader.request('POST', '/postdata/myNotes', { body: { Content, Sentencenumber: n === 2 ? 2 : 1, Rtype: 'note' } })).status).toBe(200);
  }
  const { bcontent } = (await (await fetch(`${source.base}/api/blogs/reading-notes`)).json()) as { bcontent: { id: string }[] };
  const post = bcontent[0];
  expect((await reader.request('POST', `/postdata/comment/${post!.id}`, { body: { cm: 'Restored comments keep their place.' } })).status).toBe(200);
  await untilCaughtUp(source.base);
});

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  await Promise.all(databases.map((d) => d.close()));
  await postgres?.destroy();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores a site that answers every URL of a crawl as the original did, old passwords and personal data included', async () => {
    const identities: CrawlIdentity[] = [
      { name: 'reader', cookie: reader.cookieHeader(), own: READER_PATHS },
      { name: 'admin', cookie: admin.cookieHeader(), own: ADMIN_PATHS },
    ];
    const head = await headOf(source.base);
    const before = await crawlSite(source.base, identities);
    expect(await headOf(source.base)).toBe(head); // the crawl itself wrote nothing
    expect(before.size).toBeGreaterThan(300);
    expect([...before.keys()].filter((k) => k.includes('/media/files/')).length).toBeGreaterThan(2);

    const folder = path.join(work, 'quiet-backup');
    expect(await run('backup', ['--database-url', sourceUrl, '--data-dir', sourceData, '--file', folder])).toMatchObject({ code: 0 });
    expect((await readManifest(folder)).head).toBe(head);

    const restoredUrl = await postgres.createDatabase('epos_restored');
    const restoredData = path.join(work, 'restored-data');
    const restoring = await run('restore', ['--database-url', restoredUrl, '--data-dir', restoredData, '--file', folder, '--sessions']);
    expect(restoring).toMatchObject({ code: 0 });
    restored = await startSite({ databaseUrl: restoredUrl, env: { ...SITE_ENV, DATA_DIR: restoredData } });
    // Sessions were restored: the same cookies are signed in on the restored site.
    const after = await crawlSite(restored.base, identities);
    expect(differences(before, after)).toEqual([]);

    const notes = (await (await fetch(`${restored.base}/postdata/getmynotes/1`, { headers: { cookie: reader.cookieHeader() } })).json()) as {
      Content: string;
    }[];
    expect(notes.map((n) => n.Content)).toContain(NOTE);
    await new SiteClient(restored.base).login('reader', 'demo-reader-password');
    expect(logLinesAtLeast(50, restored.output())).toEqual([]);
  });

  it('backs up one snapshot while the site keeps writing: the events up to its head, no more, no fewer', async () => {
    const writer = keepWriting(reader);
    await writer.wrote(3);
    const folder = path.join(work, 'busy-backup');
    const result = await run('backup', ['--database-url', sourceUrl, '--data-dir', sourceData, '--file', folder]);
    await writer.stop();
    expect(result).toMatchObject({ code: 0 });
    const manifest = await readManifest(folder);
    const sourceDb = database(sourceUrl);
    const log = await eventsOf(sourceDb);
    const prefix = log.filter((e) => BigInt(e.position) <= BigInt(manifest.head));
    expect(log.length - prefix.length).toBeGreaterThan(0); // written after the snapshot, so left out
    expect(manifest.tables.find((t) => t.name === 'events')!.rows).toBe(prefix.length);
    expect(await positionsInFile(path.join(folder, tableFile('events')))).toEqual(prefix.map((e) => `${e.position} ${e.id}`));

    const restoredUrl = await postgres.createDatabase('epos_restored_busy');
    expect(await run('restore', ['--database-url', restoredUrl, '--data-dir', path.join(work, 'busy-data'), '--file', folder])).toMatchObject({ code: 0 });
    const restoredDb = database(restoredUrl);
    expect(await eventsOf(restoredDb)).toEqual(prefix);
    // The next event appended follows the restored log.
    const next = await sql<{ next: string }>`select nextval(pg_get_serial_sequence('events', 'global_position'))::text as next`.execute(restoredDb.db);
    expect(next.rows[0]!.next).toBe(String(BigInt(manifest.head) + 1n));
    // Sessions only with --sessions; the accounts always.
    expect(await countOf(restoredDb, 'sessions')).toBe(0);
    expect(await countOf(restoredDb, 'credentials')).toBe(await countOf(sourceDb, 'credentials'));
    expect(await countOf(restoredDb, 'user_keys')).toBe(await countOf(sourceDb, 'user_keys'));
  });

  it('refuses bad input with a clear message and exit code 1, never a stack trace', async () => {
    const backupFolder = path.join(work, 'quiet-backup');
    const env = { ...process.env, DATABASE_URL: '' };
    const refusals: [string, () => Promise<void>, RegExp][] = [
      ['no --file', () => backup(['--database-url', sourceUrl], env), /--file: required/],
      ['no database', () => backup(['--file', path.join(work, 'nowhere')], env), /DATABASE_URL or --database-url: required/],
      ['an unknown option', () => restore(['--file', backupFolder, '--force'], env), /Unknown option '--force'/],
      ['a folder that is no backup', () => restore(['--database-url', sourceUrl, '--file', work], env), /not a finished backup/],
      ['a backup folder that exists', () => backup(['--database-url', sourceUrl, '--file', backupFolder], env), /exists already/],
    ];
    for (const [what, command, message] of refusals) {
      const refused = await command().then(
        () => null,
        (error: unknown) => error,
      );
      expect({ what, refused }).toEqual({ what, refused: expect.any(OperatorError) });
      expect((refused as OperatorError).message).toMatch(message);
    }

    // As npm runs them: exit code 1 and the message alone, for an operator's mistake and for PostgreSQL's refusal.
    const notEmpty = await run('restore', ['--database-url', sourceUrl, '--file', backupFolder]);
    expect(notEmpty).toMatchObject({ code: 1, stderr: expect.stringMatching(/^restore: the database "epos_source" on .* is not empty/) });
    const missing = await run('backup', ['--database-url', `${postgres.adminUrl}_missing`, '--file', path.join(work, 'missing')]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/^backup: database "postgres_missing" does not exist/) });
    for (const { stderr } of [notEmpty, missing]) expect(stderr).not.toMatch(/\n\s+at /);

    // A damaged backup is refused before anything is written into the database.
    const damaged = path.join(work, 'damaged-backup');
    await fs.cp(backupFolder, damaged, { recursive: true });
    const credentials = path.join(damaged, tableFile('credentials'));
    await fs.writeFile(
      credentials,
      gzipSync(
        gunzipSync(await fs.readFile(credentials))
          .toString('utf8')
          .replace('reader', 'raider'),
      ),
    );
    const target = await postgres.createDatabase('epos_damaged');
    await expect(restore(['--database-url', target, '--file', damaged], env)).rejects.toThrow(/credentials\.jsonl\.gz: its checksum does not match/);
    const tables = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(database(target).db);
    expect(tables.rows[0]!.n).toBe(0);
  });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: 'backup' | 'restore', args: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, `scripts/ops/${command}.ts`), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function database(url: string): Database {
  const opened = connectDatabase(url, { max: 2 });
  databases.push(opened);
  return opened;
}

interface LoggedEvent {
  position: string;
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: string;
  metadata: string;
  recordedAt: string;
}

async function eventsOf(db: Database): Promise<LoggedEvent[]> {
  const { rows } = await sql<LoggedEvent>`
    select global_position::text as position, event_id::text as id, stream_id as stream, stream_revision::text as revision, type,
      data::text as data, metadata::text as metadata, recorded_at::text as "recordedAt"
    from events order by global_position`.execute(db.db);
  return rows;
}

async function countOf(db: Database, table: string): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db.db)).rows[0]!.n;
}

/** `position id` of each event in a backup's events file, in order. */
async function positionsInFile(file: string): Promise<string[]> {
  const found: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file).pipe(createGunzip()) })) {
    const event = JSON.parse(line) as { global_position: number; event_id: string };
    found.push(`${event.global_position} ${event.event_id}`);
  }
  return found;
}

/** Keys missing on either side or answered differently. */
function differences(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).map((k) => `${k}: ${before.get(k) ?? 'missing'} → ${after.get(k) ?? 'missing'}`);
}

async function headOf(base: string): Promise<string> {
  return ((await (await fetch(`${base}/api/health`)).json()) as { head: string }).head;
}

/** Waits until every read model is live at the head of the log. */
async function untilCaughtUp(base: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { projections: { status: string; lag: string }[] };
    if (health.projections.length > 0 && health.projections.every((p) => p.status === 'live' && p.lag === '0')) return;
  }
  throw new Error(`${base}: the read models did not catch up`);
}

/** A reader saving notes one after another until stopped; answers how many were saved. */
function keepWriting(client: SiteClient): { wrote(n: number): Promise<void>; stop(): Promise<number> } {
  let saved = 0;
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const answer = await client.request('POST', '/postdata/myNotes', { body: { Content: `note ${saved}`, Sentencenumber: 3, Rtype: 'note' } });
      if (answer.status !== 200) throw new Error(`a note was refused: ${answer.status} ${await answer.text()}`);
      saved++;
    }
  })();
  return {
    async wrote(n) {
      while (saved < n) await Promise.race([sleep(20), loop]);
    },
    async stop() {
      stopping = true;
      await loop;
      return saved;
    },
  };
}
