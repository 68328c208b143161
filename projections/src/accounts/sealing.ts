import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';

/**
 * Crypto-shredding: personal data in events is sealed (AES-256-GCM) with a key of the user's own,
 * kept in `user_keys` outside the log. Deleting the key makes every copy unreadable, including
 * the events themselves, so a rebuild after deletion shows a deleted user.
 */
export function newUserKey(): Buffer {
  return randomBytes(32);
}

export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ciphertext.toString('base64url')}`;
}

/** The sealed value, or null when the key is gone or does not fit. */
function unseal(key: Buffer | null | undefined, sealed: string): unknown {
  if (!key) return null;
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}

/** A user's key, from `user_keys` beside the log; undefined once the account is erased. */
async function userKeyOf<DB>(db: Kysely<DB>, userId: string): Promise<Buffer | undefined> {
  return (await sql<{ key: Buffer }>`select key from public.user_keys where user_id = ${userId}`.execute(db)).rows[0]?.key;
}

/** A value a user's key sealed, read as `schema` says; null when the key is gone or the value does not fit. */
export async function unsealedFor<DB, T>(db: Kysely<DB>, userId: string, sealed: string, schema: z.ZodType<T>): Promise<T | null> {
  const value = schema.safeParse(unseal(await userKeyOf(db, userId), sealed));
  return value.success ? value.data : null;
}
