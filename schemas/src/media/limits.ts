import type { UploadKind } from './events.js';

const MB = 1024 * 1024;

/** What the media library accepts, by type read from the bytes (file-type): SVG, archives, executables and anything else are refused. */
export const acceptedTypes: Record<UploadKind, Readonly<Record<string, string>>> = {
  image: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' },
  audio: { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/x-m4a': 'm4a', 'audio/mp4': 'm4a' },
};

/** Size caps per kind. */
export const maxBytes: Record<UploadKind, number> = { image: 10 * MB, audio: 50 * MB };
/** Pixel-flood guard: images with more pixels than this are refused before any pixel is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 20;

/** Thumbnails and web sizes: the longest side, at most. */
export const THUMB_SIZE = 320;
export const WEB_SIZE = 1600;

/** Where a stored object is served (the port's key plus the extension of its type). */
export const mediaFileUrl = (hash: string, ext: string) => `/media/files/${hash}.${ext}`;
/**
 * An uploaded image's thumbnail, whenever it is made: redirects to the thumbnail once the job has
 * made it (to the image until then), so an item attached right after its upload has one too.
 */
export const mediaThumbUrl = (hash: string, ext: string) => `/media/thumbs/${hash}.${ext}`;
/** The hash a /media/files URL names, or null. */
export function hashOfMediaUrl(url: string): string | null {
  const match = /^\/media\/files\/([0-9a-f]{64})\.[a-z0-9]{1,8}(?:[?#].*)?$/.exec(url);
  return match ? match[1]! : null;
}

export const mediaMessages = {
  selectFile: 'Select File',
  notAuthorised: 'Not Authorised',
  empty: 'The file is empty',
  tooLarge: (kind: UploadKind) => `The file is larger than ${maxBytes[kind] / MB} MB`,
  wrongType: (kind: UploadKind) =>
    kind === 'image' ? 'Only PNG, JPEG, GIF and WebP images can be uploaded' : 'Only MP3, OGG, WAV and M4A audio can be uploaded',
  wrongTypeAny: 'Only images (PNG, JPEG, GIF, WebP) and audio (MP3, OGG, WAV, M4A) can be uploaded',
  pixelFlood: `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`,
  unreadable: 'The file is damaged or cut short and cannot be read',
  /** `found` as `runnableContentIn` (domain/media/runnable-content.ts) says it: "a tag <svg>", "a ZIP archive". */
  polyglot: (found: string) => `The file carries ${found} inside it: markup that runs script, a PDF or an archive hidden in an image or a recording is refused`,
  noSentence: (n: number) => `There is no sentence ${n}`,
  noSection: (n: number) => `There is no section ${n}`,
  noSentenceLeft: 'The section has fewer sentences than files: nothing to attach this one to',
  notImage: 'Only images can be attached this way',
} as const;
