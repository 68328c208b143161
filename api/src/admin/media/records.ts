import type { Kysely } from 'kysely';
import { mediaFileUrl, type AdminMediaAnswer, type MediaUseAnswer } from '@epos/schemas';
import type { MediaReadModel } from '@epos/projections/media/media-projection';
import type { PoemReadModel } from '@epos/projections/poem/read-model';

type MediaRow = MediaReadModel['media'];

/** The console's records of these uploads, each with where it is shown (sentences by their running numbers now). */
export async function mediaRecords(media: Kysely<MediaReadModel>, poem: Kysely<PoemReadModel>, rows: readonly MediaRow[]): Promise<AdminMediaAnswer[]> {
  if (rows.length === 0) return [];
  const uses = await media
    .selectFrom('media_uses')
    .selectAll()
    .where(
      'hash',
      'in',
      rows.map((r) => r.hash),
    )
    .orderBy('place')
    .orderBy('book')
    .orderBy('canto')
    .orderBy('sentence_id')
    .orderBy('position')
    .execute();
  const sentenceIds = [...new Set(uses.flatMap((u) => (u.sentence_id === null ? [] : [u.sentence_id])))];
  const numbers = new Map<number, number | null>();
  if (sentenceIds.length > 0) {
    for (const s of await poem.selectFrom('sentences').select(['id', 'sentence']).where('id', 'in', sentenceIds).execute()) numbers.set(s.id, s.sentence);
  }
  return rows.map((row) => {
    const shown: MediaUseAnswer[] = uses
      .filter((u) => u.hash === row.hash)
      .map((u) => ({
        place: u.place,
        sentenceId: u.sentence_id,
        sentence: u.sentence_id === null ? null : (numbers.get(u.sentence_id) ?? null),
        book: u.book,
        canto: u.canto,
        kind: u.kind,
        position: u.position,
      }));
    return {
      id: row.hash,
      kind: row.kind,
      mime: row.mime,
      size: Number(row.size),
      width: row.width,
      height: row.height,
      durationSeconds: row.duration_seconds,
      originalName: row.original_name,
      uploader: row.uploader,
      uploadedAt: row.uploaded_at,
      url: mediaFileUrl(row.hash, row.ext),
      thumbUrl: row.thumb_hash && row.thumb_ext ? mediaFileUrl(row.thumb_hash, row.thumb_ext) : null,
      webUrl: row.web_hash && row.web_ext ? mediaFileUrl(row.web_hash, row.web_ext) : null,
      useCount: shown.length,
      uses: shown,
    };
  });
}
