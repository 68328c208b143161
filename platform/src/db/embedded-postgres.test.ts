import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { freePort } from '../testkit/free-port.js';
import { passwordFileOf, startEmbeddedPostgres } from './embedded-postgres.js';
import { initialiseDataDir } from './postgres-process.js';

const logger = createLogger('silent', 'embedded-postgres-test');
const OLD_FIXED_PASSWORD = 'epos-embedded';

async function canLogIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL superuser password', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-embedded-pw-'));
    // When tests run as root, the server runs as the postgres user and must reach its folders.
    await fs.chmod(root, 0o777);
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('is random per install, kept beside the data in a file only its owner can read, and the same after a restart', async () => {
    const dataDir = path.join(root, 'fresh', 'postgres');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    const stored = (await fs.readFile(passwordFileOf(dataDir), 'utf8')).trim();
    try {
      expect(stored).toMatch(/^[0-9a-f]{48}$/);
      expect((await fs.stat(passwordFileOf(dataDir))).mode & 0o777).toBe(0o600);
      expect(first.adminUrl).toContain(`:${stored}@`);
      expect(await canLogIn(port, stored)).toBe(true);
      expect(await canLogIn(port, OLD_FIXED_PASSWORD)).toBe(false);
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres({ dataDir, port, logger });
    try {
      expect(await canLogIn(port, stored)).toBe(true);
      expect((await fs.readFile(passwordFileOf(dataDir), 'utf8')).trim()).toBe(stored);
    } finally {
      await again.stop();
    }
    const other = path.join(root, 'other', 'postgres');
    const otherServer = await startEmbeddedPostgres({ dataDir: other, port: await freePort(), logger });
    await otherServer.stop();
    expect((await fs.readFile(passwordFileOf(other), 'utf8')).trim()).not.toBe(stored);
  });

  it('moves a data folder made with the old fixed password to a password of its own', async () => {
    const dataDir = path.join(root, 'legacy', 'postgres');
    await fs.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o777 });
    await fs.chmod(path.dirname(dataDir), 0o777);
    const port = await freePort();
    await initialiseDataDir({ dataDir, user: 'postgres', password: OLD_FIXED_PASSWORD, onLog: () => undefined });

    const server = await startEmbeddedPostgres({ dataDir, port, logger });
    try {
      const stored = (await fs.readFile(passwordFileOf(dataDir), 'utf8')).trim();
      expect(stored).not.toBe(OLD_FIXED_PASSWORD);
      expect(await canLogIn(port, stored)).toBe(true);
      expect(await canLogIn(port, OLD_FIXED_PASSWORD)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
