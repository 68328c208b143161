import { acceptedTypes, maxBytes } from '@epos/schemas/media/limits';
import { editorTexts } from './messages';

/** What POST /postdata/media takes (the server's own limits; it checks the content again). */
export const IMAGE_TYPES = Object.keys(acceptedTypes.image);
export const MAX_IMAGE_BYTES = maxBytes.image;

/** Why a file cannot be uploaded, before sending it; null when it can. The server checks the content again. */
export function imageProblem(file: { readonly type: string; readonly size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return editorTexts.imageType;
  if (file.size > MAX_IMAGE_BYTES) return editorTexts.imageTooLarge;
  return null;
}

/** The alt text for an uploaded image: its file name without the extension. */
export function altTextFor(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}
