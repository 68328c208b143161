import { createHash } from 'node:crypto';
import { normalisePdfOptions, type PdfOptions, type PdfPart } from '@epos/schemas';

/** Bumped whenever the typesetting changes, so that cached editions are printed anew. */
const PDF_RENDERER_VERSION = 2;

/**
 * The cache key of a PDF edition, which is also its request id, its stream and its job id:
 * the part, the options in normal form, the part's content version and the renderer's version.
 */
export function pdfRequestId(part: PdfPart, options: PdfOptions, version: string): string {
  const key = JSON.stringify({
    part: part.typeOf === 1 ? [1, part.book] : [2, part.book, part.canto],
    options: normalisePdfOptions(options),
    version,
    renderer: PDF_RENDERER_VERSION,
  });
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** Where a stored PDF is served (the media routes' content-addressed files, as a download). */
export const pdfUrl = (hash: string) => `/media/files/${hash}.pdf`;
