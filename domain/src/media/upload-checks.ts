import { acceptedTypes, MAX_IMAGE_PIXELS, maxBytes, mediaMessages, type UploadKind } from '@epos/schemas';

/** What the bytes were found to be: the type file-type read from them, and an image's header dimensions. */
export interface SniffedFile {
  size: number;
  mime: string | null;
  width?: number | null;
  height?: number | null;
}

export type Verdict = { ok: true; ext: string } | { ok: false; reason: string };

/**
 * The checks that need no I/O, in the order they must run: emptiness and the size cap, the type
 * read from the bytes, then the pixel count from the header, all before anything is decoded.
 */
export function checkUpload(kind: UploadKind, file: SniffedFile): Verdict {
  const sized = checkSize(kind, file.size);
  if (sized !== null) return sized;
  const ext = file.mime === null ? undefined : acceptedTypes[kind][file.mime];
  if (ext === undefined) return { ok: false, reason: mediaMessages.wrongType(kind) };
  if (kind === 'image') {
    if (!file.width || !file.height) return { ok: false, reason: mediaMessages.unreadable };
    if (file.width * file.height > MAX_IMAGE_PIXELS) return { ok: false, reason: mediaMessages.pixelFlood };
  }
  return { ok: true, ext };
}

/** Empty files and the kind's size cap: checked before anything else is read. */
export function checkSize(kind: UploadKind, size: number): { ok: false; reason: string } | null {
  if (size === 0) return { ok: false, reason: mediaMessages.empty };
  if (size > maxBytes[kind]) return { ok: false, reason: mediaMessages.tooLarge(kind) };
  return null;
}
