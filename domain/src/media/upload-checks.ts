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

/**
 * Signatures of another format inside a file (a polyglot: a JPEG with a ZIP or HTML appended, a
 * GIFAR): archives, markup and scripts a browser or a plug-in could be led to run. Searched in
 * the whole file, as latin1 so every byte is one character.
 */
const MARKUP = [/<script[\s>]/i, /<html[\s>]/i, /<!doctype html/i, /<\?php/i, /<svg[\s>]/i, /<iframe[\s>]/i, /%PDF-\d/];
const bytes = (...values: number[]) => Buffer.from(values);
/** RAR and 7-Zip signatures. */
const ARCHIVES = [bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07), bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)];
/** A ZIP (or JAR: a GIFAR) has local file headers and an end-of-directory record; one alone turns up by chance in compressed data. */
const ZIP = [bytes(0x50, 0x4b, 0x03, 0x04), bytes(0x50, 0x4b, 0x05, 0x06)];

export function carriesForeignContent(data: Uint8Array): boolean {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = buffer.toString('latin1');
  return MARKUP.some((signature) => signature.test(text)) || ARCHIVES.some((signature) => buffer.includes(signature)) || ZIP.every((signature) => buffer.includes(signature));
}
