import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database } from '../db/database.js';

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabaseNamed(adminUrl: string, name: string, options: { template?: string; replace?: boolean } = {}): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (options.replace) await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    const template = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : '';
    await client.query(`create database ${pg.escapeIdentifier(name)}${template}`);
  } finally {
    await client.end();
  }
  return databaseUrl(adminUrl, name);
}

export async function dropDatabaseNamed(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  database: Database;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(adminUrl: string, templateName: string): Promise<TestDatabase> {
  const name = `epos_t_${randomBytes(6).toString('hex')}`;
  const url = await createDatabaseNamed(adminUrl, name, { template: templateName });
  const database = connectDatabase(url, { max: 20 });
  return {
    url,
    database,
    async drop() {
      await database.close();
      await dropDatabaseNamed(adminUrl, name);
    },
  };
}
