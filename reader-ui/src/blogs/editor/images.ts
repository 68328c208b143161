import { editorTexts } from './messages';

/** What POST /postdata/media takes (docs/blogs-api.md): PNG, JPEG, GIF, WebP, at most 5 MB each. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be uploaded, before sending it; null when it can. The server checks the content again. */
export function imageProblem(file: { readonly type: string; readonly size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return editorTexts.imageType;
  if (file.size > MAX_IMAGE_BYTES) return editorTexts.imageTooLarge;
  return null;
}

/** The alt text for an uploaded image: its file name without the extension. */
export function altTextFor(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();
}
