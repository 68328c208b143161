import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { MAX_IMAGE_PIXELS, mediaMessages, type UploadKind } from '@epos/schemas';
import { checkSize, checkUpload } from '@epos/domain/media/upload-checks';
import { runnableContentIn } from '@epos/domain/media/runnable-content';

/** What an accepted file is, as its bytes say. */
export interface InspectedFile {
  kind: UploadKind;
  mime: string;
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export type Inspection = { ok: true; file: InspectedFile } | { ok: false; reason: string };

/**
 * Every check an upload passes (OWASP ASVS V5) in one place, cheapest first:
 * 1. empty files and the size cap of the kind (images 10 MB, audio 50 MB);
 * 2. the type from the magic bytes (file-type), never the name or the declared type: images PNG,
 *    JPEG, GIF, WebP; audio MP3, OGG, WAV, M4A; SVG, archives, executables and all else refused;
 * 3. images: dimensions from the header only (sharp's metadata decodes no pixel), over 40
 *    megapixels refused, then one decode (shrunk on load, `limitInputPixels` set, failing on a
 *    truncated or corrupt file) proves the image is whole;
 * 4. polyglots: a file carrying markup that runs script, a PDF or an archive anywhere in it is
 *    refused, naming what was found (exactly what is looked for: `runnableContentIn`).
 */
export async function inspectUpload(kind: UploadKind, bytes: Buffer): Promise<Inspection> {
  const sized = checkSize(kind, bytes.byteLength);
  if (sized !== null) return sized;
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime ?? null;
  const header = kind === 'image' && mime !== null && mime.startsWith('image/') ? await imageHeader(bytes) : null;
  const verdict = checkUpload(kind, { size: bytes.byteLength, mime, width: header?.width ?? null, height: header?.height ?? null });
  if (!verdict.ok) return verdict;
  if (kind === 'image' && !(await decodes(bytes))) return { ok: false, reason: mediaMessages.unreadable };
  const runnable = runnableContentIn(bytes);
  if (runnable !== null) return { ok: false, reason: mediaMessages.polyglot(runnable) };
  return {
    ok: true,
    file: {
      kind,
      mime: mime!,
      ext: verdict.ext,
      size: bytes.byteLength,
      width: header?.width ?? null,
      height: header?.height ?? null,
      durationSeconds: kind === 'audio' ? await audioSeconds(bytes, mime!) : null,
    },
  };
}

/** Width and total height (every frame of an animation counts) from the header; null when it cannot be read. */
async function imageHeader(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    const frames = meta.pages ?? 1;
    const pageHeight = meta.pageHeight ?? meta.height;
    return { width: meta.width, height: frames > 1 ? pageHeight * frames : meta.height };
  } catch {
    return null;
  }
}

async function decodes(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: true }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** An audio file's length in seconds, read by music-metadata (every accepted format); null when it cannot tell. */
async function audioSeconds(bytes: Buffer, mime: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(bytes, { mimeType: mime, size: bytes.byteLength }, { duration: true, skipCovers: true });
    return format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) / 1000 : null;
  } catch {
    return null;
  }
}
