import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../db/tables.js';

/** A random secret for a link or cookie, and the hash that is stored instead of it. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Stored secrets are looked up by their SHA-256: comparing hashes of random 256-bit secrets in an
 * index reveals nothing useful through timing, and the secret itself is never stored.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A site-wide key (say, for signing tokens), made on first use and shared by every process. */
export async function siteKey(db: Kysely<PlatformDatabase>, name: string): Promise<Buffer> {
  await db
    .insertInto('site_secrets')
    .values({ name, secret: randomBytes(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('site_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow()).secret;
}
