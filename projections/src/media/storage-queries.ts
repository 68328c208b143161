import { sql, type Kysely } from 'kysely';
import type { SweepReason } from '@epos/schemas';
import type { StorageReadModel } from './storage-projection.js';

type Db = Kysely<StorageReadModel>;

/** Bytes an account's uploads take in the library (the originals it uploaded). */
export async function accountUsage(db: Db, uploader: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
    .where('uploader', '=', uploader)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Bytes the whole media library takes: every upload with its derivatives, and every PDF edition and share card kept. */
export async function siteUsage(db: Db): Promise<number> {
  const [uploads, pdfs, cards] = await Promise.all([
    db
      .selectFrom('uploads')
      .select(sql<string>`coalesce(sum(size + derivative_size), 0)`.as('bytes'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pdf_editions')
      .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
      .where('hash', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('share_cards')
      .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
      .where('hash', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(uploads.bytes) + Number(pdfs.bytes) + Number(cards.bytes);
}

export interface UnusedUpload {
  hash: string;
  reason: SweepReason;
  unusedSince: string;
  lastUsedBy: string | null;
}

/** Uploads nothing has used since before `before`: the sweep's candidates, oldest first. */
export async function uploadsUnusedSince(db: Db, before: Date, limit: number): Promise<UnusedUpload[]> {
  const rows = await db
    .selectFrom('uploads')
    .select(['hash', 'ever_used', 'unused_since', 'last_used_by'])
    .where('unused_since', '<=', before.toISOString())
    .orderBy('unused_since')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    hash: r.hash,
    reason: r.ever_used ? 'no-longer-used' : 'never-used',
    unusedSince: new Date(r.unused_since!).toISOString(),
    lastUsedBy: r.last_used_by,
  }));
}

/** Whether the library holds these bytes already (they take no more room). */
export async function isStored(db: Db, hash: string): Promise<boolean> {
  return (await db.selectFrom('uploads').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
}

/** Whether anything uses the upload now. */
export async function isUsed(db: Db, hash: string): Promise<boolean> {
  return (await db.selectFrom('upload_uses').select('hash').where('hash', '=', hash).limit(1).executeTakeFirst()) !== undefined;
}

export interface KeptEdition {
  requestId: string;
  part: string;
  version: string;
  hash: string;
  size: number;
  lastAskedAt: string;
}

/** PDF editions with their file kept and last asked for before `before`, in that order: a page after `after`. */
export async function editionsAskedBefore(
  db: Db,
  before: Date,
  limit: number,
  after: { lastAskedAt: string; requestId: string } | null = null,
): Promise<KeptEdition[]> {
  let query = db.selectFrom('pdf_editions').selectAll().where('hash', 'is not', null).where('last_asked_at', '<=', before.toISOString());
  if (after) query = query.where(sql<boolean>`(last_asked_at, request_id) > (${after.lastAskedAt}::timestamptz, ${after.requestId})`);
  const rows = await query.orderBy('last_asked_at').orderBy('request_id').limit(limit).execute();
  return rows.map((r) => ({
    requestId: r.request_id,
    part: r.part,
    version: r.version,
    hash: r.hash!,
    size: Number(r.size),
    lastAskedAt: new Date(r.last_asked_at).toISOString(),
  }));
}

/** Whether any upload, derivative, kept PDF edition or share card of the library is stored under this object key. */
export async function objectInUse(db: Db, key: string): Promise<boolean> {
  const upload = await db
    .selectFrom('uploads')
    .select('hash')
    .where((eb) => eb.or([eb('hash', '=', key), eb('thumb_hash', '=', key), eb('web_hash', '=', key)]))
    .limit(1)
    .executeTakeFirst();
  if (upload) return true;
  if (await db.selectFrom('pdf_editions').select('request_id').where('hash', '=', key).limit(1).executeTakeFirst()) return true;
  return (await db.selectFrom('share_cards').select('card_id').where('hash', '=', key).limit(1).executeTakeFirst()) !== undefined;
}

export interface SupersededCard {
  cardId: string;
  hash: string;
  size: number;
}

/**
 * Share cards kept, made before `before`, whose page has a card made later (its text changed
 * since): the sweep's candidates. A page's newest card is kept however old.
 */
export async function supersededCards(db: Db, before: Date, limit: number): Promise<SupersededCard[]> {
  const rows = await db
    .selectFrom('share_cards as old')
    .select(['old.card_id', 'old.hash', 'old.size'])
    .where('old.hash', 'is not', null)
    .where('old.made_at', '<=', before.toISOString())
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('share_cards as newer').select('newer.card_id').whereRef('newer.page', '=', 'old.page').whereRef('newer.made_at', '>', 'old.made_at')),
    )
    .orderBy('old.made_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ cardId: r.card_id, hash: r.hash!, size: Number(r.size) }));
}
