import type { Kysely } from 'kysely';
import { defineProjection, type Projection } from '@epos/platform';
import {
  hashOfMediaUrl,
  mediaDerivativesMade,
  mediaRemoved,
  mediaUploaded,
  poemPartMediaSet,
  sentenceMediaSet,
  uploadSwept,
  type MediaItem,
  type MediaKind,
  type UploadKind,
} from '@epos/schemas';

export const MEDIA_PROJECTION = 'media';

export interface MediaReadModel {
  /** One row per upload in the library (removed ones are deleted). */
  media: {
    hash: string;
    kind: UploadKind;
    mime: string;
    ext: string;
    size: number;
    width: number | null;
    height: number | null;
    duration_seconds: number | null;
    original_name: string;
    uploader: string;
    uploaded_at: string;
    thumb_hash: string | null;
    thumb_ext: string | null;
    web_hash: string | null;
    web_ext: string | null;
  };
  /**
   * Where each upload is shown, from the poem's attachment events: a sentence's media of a kind, or
   * a book's (canto null) or canto's images, at a position in the list. Items name their upload by
   * `media` or by a /media/files URL; items of other files (the demo's, external links) are not kept.
   */
  media_uses: {
    hash: string;
    place: 'sentence' | 'book' | 'canto';
    sentence_id: number | null;
    book: number | null;
    canto: number | null;
    kind: MediaKind | null;
    position: number;
  };
}

/** The upload an attached item shows, if it is one of the library's. */
const uploadOfItem = (item: MediaItem): string | null => item.media ?? hashOfMediaUrl(item.url);

const usesOf = (items: readonly MediaItem[], where: Omit<MediaReadModel['media_uses'], 'hash' | 'position'>): MediaReadModel['media_uses'][] =>
  items.flatMap((item, position) => {
    const hash = uploadOfItem(item);
    return hash ? [{ ...where, hash, position }] : [];
  });

export const mediaProjection: Projection<MediaReadModel> = defineProjection({
  name: MEDIA_PROJECTION,
  version: 1,
  events: [mediaUploaded, mediaDerivativesMade, mediaRemoved, uploadSwept, sentenceMediaSet, poemPartMediaSet],
  async setup(db: Kysely<MediaReadModel>) {
    await db.schema
      .createTable('media')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('ext', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('duration_seconds', 'double precision')
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('uploader', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('thumb_hash', 'text')
      .addColumn('thumb_ext', 'text')
      .addColumn('web_hash', 'text')
      .addColumn('web_ext', 'text')
      .execute();
    await db.schema.createIndex('media_by_kind').on('media').columns(['kind', 'uploaded_at']).execute();
    await db.schema
      .createTable('media_uses')
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('sentence_id', 'integer')
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('kind', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_uses_by_hash').on('media_uses').column('hash').execute();
    await db.schema.createIndex('media_uses_by_sentence').on('media_uses').columns(['sentence_id', 'kind']).execute();
    await db.schema.createIndex('media_uses_by_part').on('media_uses').columns(['book', 'canto']).execute();
  },
  handlers: {
    async MediaUploaded(event, db) {
      const d = event.data;
      const row = {
        hash: d.hash,
        kind: d.kind,
        mime: d.mime,
        ext: d.ext,
        size: d.size,
        width: d.width,
        height: d.height,
        duration_seconds: d.durationSeconds,
        original_name: d.originalName,
        uploader: d.uploader,
        uploaded_at: event.metadata.timestamp,
        thumb_hash: null,
        thumb_ext: null,
        web_hash: null,
        web_ext: null,
      };
      await db
        .insertInto('media')
        .values(row)
        .onConflict((oc) => oc.column('hash').doUpdateSet(row))
        .execute();
    },
    async MediaDerivativesMade(event, db) {
      const { hash, thumb, web } = event.data;
      await db
        .updateTable('media')
        .set({ thumb_hash: thumb.hash, thumb_ext: thumb.ext, web_hash: web.hash, web_ext: web.ext })
        .where('hash', '=', hash)
        .execute();
    },
    async MediaRemoved(event, db) {
      await db.deleteFrom('media').where('hash', '=', event.data.hash).execute();
    },
    async UploadSwept(event, db) {
      await db.deleteFrom('media').where('hash', '=', event.data.hash).execute();
    },
    async SentenceMediaSet(event, db) {
      const { sentence, kind, items } = event.data;
      await db.deleteFrom('media_uses').where('place', '=', 'sentence').where('sentence_id', '=', sentence).where('kind', '=', kind).execute();
      const uses = usesOf(items, { place: 'sentence', sentence_id: sentence, book: null, canto: null, kind });
      if (uses.length > 0) await db.insertInto('media_uses').values(uses).execute();
    },
    async PoemPartMediaSet(event, db) {
      const { book, canto, images } = event.data;
      const place = canto === null ? 'book' : 'canto';
      let old = db.deleteFrom('media_uses').where('place', '=', place).where('book', '=', book);
      if (canto !== null) old = old.where('canto', '=', canto);
      await old.execute();
      const uses = usesOf(images, { place, sentence_id: null, book, canto, kind: null });
      if (uses.length > 0) await db.insertInto('media_uses').values(uses).execute();
    },
  },
});
