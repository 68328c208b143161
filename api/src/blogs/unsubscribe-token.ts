import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

async function secret(db: Kysely<unknown>): Promise<Buffer> {
  await sql`insert into site_secrets (name, secret) values ('unsubscribe', ${randomBytes(32)}) on conflict (name) do nothing`.execute(db);
  const row = await sql<{ secret: Buffer }>`select secret from site_secrets where name = 'unsubscribe'`.execute(db);
  return row.rows[0]!.secret;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A link token naming a reader and a blog, signed so it works without logging in. */
export async function unsubscribeToken(db: Kysely<unknown>, userId: string, blogId: string): Promise<string> {
  const body = Buffer.from(JSON.stringify([userId, blogId])).toString('base64url');
  return `${body}.${sign(await secret(db), body)}`;
}

/** The reader and blog a token names, or null when it was not signed by this site. */
export async function readUnsubscribeToken(db: Kysely<unknown>, token: string): Promise<{ userId: string; blogId: string } | null> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(await secret(db), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, blogId] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [unknown, unknown];
    return typeof userId === 'string' && typeof blogId === 'string' ? { userId, blogId } : null;
  } catch {
    return null;
  }
}
