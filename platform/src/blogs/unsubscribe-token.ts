import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.js';
import { siteKey } from '../accounts/secrets.js';

/** The signing secret, made on first use and then kept for the life of the process (it never changes). */
const secrets = new WeakMap<Database, Promise<Buffer>>();

function secret(database: Database): Promise<Buffer> {
  let found = secrets.get(database);
  if (!found) {
    found = siteKey(database.db, 'unsubscribe');
    found.catch(() => secrets.delete(database));
    secrets.set(database, found);
  }
  return found;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A link token naming a reader and a blog, signed so it works without logging in. */
export async function unsubscribeToken(database: Database, userId: string, blogId: string): Promise<string> {
  const body = Buffer.from(JSON.stringify([userId, blogId])).toString('base64url');
  return `${body}.${sign(await secret(database), body)}`;
}

/** The reader and blog a token names, or null when it was not signed by this site. */
export async function readUnsubscribeToken(database: Database, token: string): Promise<{ userId: string; blogId: string } | null> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(await secret(database), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, blogId] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [unknown, unknown];
    return typeof userId === 'string' && typeof blogId === 'string' ? { userId, blogId } : null;
  } catch {
    return null;
  }
}
