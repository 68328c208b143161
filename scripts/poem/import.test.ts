import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@epos/platform/testkit/vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run import` on bytes; these refusals come before any database is opened. */
async function importBytes(name: string, bytes: Uint8Array): Promise<{ code: number; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-import-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/poem/import.ts', file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr.replaceAll(`${dir}${path.sep}`, '') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const head = 'Book 1: Inferno\nCanto 1: The Dark Forest\nSection 1\n';

describe('npm run import refuses dishonest text before touching the poem', () => {
  it('a Windows-1252 file, with where and how to convert it', async () => {
    const text = Buffer.concat([Buffer.from(`${head}Dante`), Buffer.from([0x92]), Buffer.from('s way was lost.\n')]);
    const result = await importBytes('inferno-1252.txt', text);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('inferno-1252.txt:4:6: not UTF-8 (it looks like Windows-1252; convert it with iconv)');
  });

  it('a control character and a bidi override, each with its line and column', async () => {
    const result = await importBytes(
      'tricks.txt',
      Buffer.from(`${head}Midway upon the \u0007journey of our life\nI found myself \u202Ewithin a forest dark.\n`),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'tricks.txt:4:17: control character U+0007 is not allowed in a poem file',
      'tricks.txt:5:16: bidirectional override U+202E is not allowed (it makes text display in a different order than it is stored)',
    ]);
  });

  it('what the read models cannot hold, naming file:line, before opening the database', async () => {
    const long = Array.from({ length: 401 }, (_, i) => `line ${i + 1} of a sentence that will not end,`).join('\n');
    const result = await importBytes('long.txt', Buffer.from(`${head}${long}\nend.\nCanto 2: ${'N'.repeat(301)}\nSection 1\nA line.\n`));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'long.txt:4: sentence: a sentence has at most 400 verse lines',
      'long.txt:406: canto title: a name has at most 300 characters',
    ]);
  });

  it('a database it cannot reach, said plainly', async () => {
    const result = await importBytes('fine.txt', Buffer.from(`${head}A line.\n`));
    expect(result).toEqual({ code: 1, stderr: 'cannot reach the database: connect ECONNREFUSED 127.0.0.1:1\n' });
  });

  it('a binary file', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const result = await importBytes('cover.txt', png);
    expect(result).toEqual({ code: 1, stderr: 'cover.txt: not a text file\n' });
  });
});

describe('npm run import when the poem read model stops on an event', () => {
  const testDb = useTestDatabase();
  const importFile = async (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-import-'));
    const file = path.join(dir, 'poem.txt');
    fs.writeFileSync(file, text);
    const started = Date.now();
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/poem/import.ts', file, '--yes'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: testDb().url, LOG_LEVEL: 'silent' },
      });
      return { code: 0, out: stdout, seconds: (Date.now() - started) / 1000 };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, out: failed.stderr, seconds: (Date.now() - started) / 1000 };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it(
    'exits at once naming the projection, the event and the error, and again on the next run, without waiting out a timeout',
    { timeout: 300_000 },
    async () => {
      const opening = `${head}Midway upon the journey of our life\nI found myself within a forest dark.\n`;
      expect((await importFile(opening)).code).toBe(0);
      // A read model that cannot hold a text (as an index too small for a long sentence once could not).
      const { db } = testDb().database;
      const schema = (await sql<{ s: string }>`select 'rm_poem_v' || version as s from projection_active where name = 'poem'`.execute(db)).rows[0]!.s;
      await sql`alter table ${sql.id(schema, 'sentences')} add constraint no_ravens check (state::text not like '%Nevermore%')`.execute(db);

      const stopped = await importFile(`${opening}Quoth the Raven, Nevermore.\n`);
      expect(stopped.code).toBe(1);
      expect(stopped.out).toMatch(
        /^Projection poem v\d+ stopped at position \d+ \(stream sentence-2, event SentenceTextSet\): new row for relation "sentences" violates check constraint "no_ravens"$/m,
      );
      expect(stopped.out).toContain('npm run rebuild -- poem');
      expect(stopped.seconds).toBeLessThan(60);

      const again = await importFile(`${opening}Quoth the Raven, Nevermore.\n`);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/^Projection poem v\d+ stopped at position \d+ \(stream sentence-2, event SentenceTextSet\)/m);
    },
  );
});
