import { sql, type Kysely } from 'kysely';
import { defineBatchProjection, type RecordedEvent } from '@epos/platform';
import type { CardEvent, MediaEvent, PdfEvent } from '@epos/schemas';
import { streamKind } from '@epos/schemas/events/stream-kind';

export const STORAGE_PROJECTION = 'storage';

export interface StorageReadModel {
  /** Every upload in the library, with what its thumbnail and web size add, and since when nothing uses it. */
  uploads: {
    hash: string;
    uploader: string;
    original_name: string;
    size: string;
    derivative_size: string;
    thumb_hash: string | null;
    web_hash: string | null;
    uploaded_at: string;
    /** Null while something uses it; else when its last use ended (or its upload, if never used). */
    unused_since: string | null;
    ever_used: boolean;
    last_used_by: string | null;
  };
  /**
   * What uses each upload: a holder names what mentions it (a work's stream, a sentence's media of a
   * kind, a book's or canto's images, or any other stream that ever named its URL).
   */
  upload_uses: { hash: string; holder: string };
  /** Every PDF edition asked for: its part, content version and, once printed and until removed, its file. */
  pdf_editions: {
    request_id: string;
    part: string;
    version: string;
    hash: string | null;
    size: string;
    last_asked_at: string;
  };
  /** Every share card asked for: the page it is of and, once made and until removed, its PNG. */
  share_cards: {
    card_id: string;
    page: string;
    hash: string | null;
    size: string;
    made_at: string | null;
  };
}

type Db = Kysely<StorageReadModel>;
type Data<E extends { type: string; data: unknown }, T extends E['type']> = Extract<E, { type: T }>['data'];

const MENTION = /\/media\/(?:files|thumbs)\/([0-9a-f]{64})\.|"media":"([0-9a-f]{64})"/g;

/** The uploads an event's data names, by a /media URL or an item's `media` field. */
function mentionedUploads(data: unknown): Set<string> {
  const found = new Set<string>();
  for (const match of JSON.stringify(data).matchAll(MENTION)) found.add((match[1] ?? match[2])!);
  return found;
}

/**
 * Who holds an event's mentions, and whether the event carries everything its holder uses (so
 * mentions it no longer makes end) or only adds to it. Works and attached media are known exactly;
 * any other stream that ever named an upload (a post, a page, a comment) keeps it for good: a file
 * is never swept while something might show it.
 */
function holderOf(event: RecordedEvent): { holder: string; replaces: boolean } {
  switch (event.type) {
    case 'WorkAdded':
    case 'WorkEdited':
    case 'WorkDeleted':
      return { holder: event.streamId, replaces: true };
    case 'SentenceMediaSet':
      return { holder: `${event.streamId}#${(event.data as { kind: string }).kind}`, replaces: true };
    case 'PoemPartMediaSet': {
      const { book, canto } = event.data as { book: number; canto: number | null };
      return { holder: `${event.streamId}#${book}.${canto ?? ''}`, replaces: true };
    }
    default:
      return { holder: event.streamId, replaces: false };
  }
}

async function useCount(db: Db, hash: string): Promise<number> {
  const row = await db
    .selectFrom('upload_uses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function recordMentions(db: Db, event: RecordedEvent): Promise<void> {
  const { holder, replaces } = holderOf(event);
  const now = event.type === 'WorkDeleted' ? new Set<string>() : mentionedUploads(event.data);
  if (!replaces && now.size === 0) return;
  const before = new Set((await db.selectFrom('upload_uses').select('hash').where('holder', '=', holder).execute()).map((r) => r.hash));
  const added = [...now].filter((hash) => !before.has(hash));
  const ended = replaces ? [...before].filter((hash) => !now.has(hash)) : [];
  if (added.length > 0) {
    await db
      .insertInto('upload_uses')
      .values(added.map((hash) => ({ hash, holder })))
      .execute();
    await db.updateTable('uploads').set({ unused_since: null, ever_used: true, last_used_by: holder }).where('hash', 'in', added).execute();
  }
  if (ended.length > 0) {
    await db.deleteFrom('upload_uses').where('holder', '=', holder).where('hash', 'in', ended).execute();
    for (const hash of ended) {
      if ((await useCount(db, hash)) === 0)
        await db.updateTable('uploads').set({ unused_since: event.metadata.timestamp, last_used_by: holder }).where('hash', '=', hash).execute();
    }
  }
}

async function applyMedia(db: Db, event: RecordedEvent): Promise<void> {
  const type = event.type as MediaEvent['type'];
  if (type === 'MediaUploaded') {
    const d = event.data as Data<MediaEvent, 'MediaUploaded'>;
    const used = (await useCount(db, d.hash)) > 0;
    const row = {
      hash: d.hash,
      uploader: d.uploader,
      original_name: d.originalName,
      size: String(d.size),
      derivative_size: '0',
      thumb_hash: null,
      web_hash: null,
      uploaded_at: event.metadata.timestamp,
      unused_since: used ? null : event.metadata.timestamp,
      ever_used: used,
      last_used_by: null,
    };
    await db
      .insertInto('uploads')
      .values(row)
      .onConflict((oc) => oc.column('hash').doUpdateSet(row))
      .execute();
  } else if (type === 'MediaDerivativesMade') {
    const { hash, thumb, web } = event.data as Data<MediaEvent, 'MediaDerivativesMade'>;
    await db
      .updateTable('uploads')
      .set({ thumb_hash: thumb.hash, web_hash: web.hash, derivative_size: String(thumb.size + web.size) })
      .where('hash', '=', hash)
      .execute();
  } else if (type === 'MediaRemoved' || type === 'UploadSwept') {
    await db
      .deleteFrom('uploads')
      .where('hash', '=', (event.data as { hash: string }).hash)
      .execute();
  }
}

async function applyPdf(db: Db, event: RecordedEvent): Promise<void> {
  const type = event.type as PdfEvent['type'];
  const at = event.metadata.timestamp;
  if (type === 'PdfRequested') {
    const d = event.data as Data<PdfEvent, 'PdfRequested'>;
    await db
      .insertInto('pdf_editions')
      .values({ request_id: d.requestId, part: JSON.stringify(d.part), version: d.version, hash: null, size: '0', last_asked_at: at })
      .onConflict((oc) => oc.column('request_id').doUpdateSet({ last_asked_at: at }))
      .execute();
  } else if (type === 'PdfRendered') {
    const d = event.data as Data<PdfEvent, 'PdfRendered'>;
    await db
      .updateTable('pdf_editions')
      .set({ hash: d.hash, size: String(d.size), last_asked_at: sql<string>`greatest(last_asked_at, ${at}::timestamptz)` })
      .where('request_id', '=', d.requestId)
      .execute();
  } else if (type === 'PdfExpired') {
    await db
      .updateTable('pdf_editions')
      .set({ hash: null, size: '0' })
      .where('request_id', '=', (event.data as Data<PdfEvent, 'PdfExpired'>).requestId)
      .execute();
  }
}

async function applyCard(db: Db, event: RecordedEvent): Promise<void> {
  const type = event.type as CardEvent['type'];
  if (type === 'ShareCardRequested') {
    const d = event.data as Data<CardEvent, 'ShareCardRequested'>;
    await db
      .insertInto('share_cards')
      .values({ card_id: d.cardId, page: d.content.page, hash: null, size: '0', made_at: null })
      .onConflict((oc) => oc.column('card_id').doNothing())
      .execute();
  } else if (type === 'ShareCardMade') {
    const d = event.data as Data<CardEvent, 'ShareCardMade'>;
    await db
      .updateTable('share_cards')
      .set({ hash: d.hash, size: String(d.size), made_at: event.metadata.timestamp })
      .where('card_id', '=', d.cardId)
      .execute();
  } else if (type === 'ShareCardExpired') {
    const d = event.data as Data<CardEvent, 'ShareCardExpired'>;
    await db.updateTable('share_cards').set({ hash: null, size: '0' }).where('card_id', '=', d.cardId).execute();
  }
}

/**
 * What the media folder holds by the events, so quotas are counted without reading the disk:
 * each upload (its size, uploader, derivatives) and what uses it, each PDF edition and share card kept. Reads
 * every event, since any text may name an upload's URL.
 */
export const storageProjection = defineBatchProjection<StorageReadModel>({
  name: STORAGE_PROJECTION,
  version: 2,
  handles: '*',
  async setup(db: Db) {
    await db.schema
      .createTable('uploads')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('uploader', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('derivative_size', 'bigint', (c) => c.notNull())
      .addColumn('thumb_hash', 'text')
      .addColumn('web_hash', 'text')
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('unused_since', 'timestamptz')
      .addColumn('ever_used', 'boolean', (c) => c.notNull())
      .addColumn('last_used_by', 'text')
      .execute();
    await db.schema.createIndex('uploads_by_uploader').on('uploads').column('uploader').execute();
    await db.schema.createIndex('uploads_by_unused_since').on('uploads').column('unused_since').execute();
    await db.schema.createIndex('uploads_by_thumb').on('uploads').column('thumb_hash').execute();
    await db.schema.createIndex('uploads_by_web').on('uploads').column('web_hash').execute();
    await db.schema
      .createTable('upload_uses')
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_uses_pk', ['hash', 'holder'])
      .execute();
    await db.schema.createIndex('upload_uses_by_holder').on('upload_uses').column('holder').execute();
    await db.schema
      .createTable('pdf_editions')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('part', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('hash', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('last_asked_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pdf_editions_by_hash').on('pdf_editions').column('hash').execute();
    await db.schema
      .createTable('share_cards')
      .addColumn('card_id', 'text', (c) => c.primaryKey())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('hash', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('made_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('share_cards_by_hash').on('share_cards').column('hash').execute();
    await db.schema.createIndex('share_cards_by_page').on('share_cards').columns(['page', 'made_at']).execute();
  },
  async apply(events, db) {
    for (const event of events) {
      const kind = streamKind(event.streamId);
      if (kind === 'media') await applyMedia(db, event);
      else if (kind === 'pdf') await applyPdf(db, event);
      else if (kind === 'card') await applyCard(db, event);
      else await recordMentions(db, event);
    }
  },
});
