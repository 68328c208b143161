import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/error-handler.js';
import { displayName } from './store-upload.js';

export interface ReceivedFile {
  /** The form field (file0, file1, …). */
  field: string;
  /** The name it was sent with, as shown (`displayName`): for display only. */
  fileName: string;
  /** Null when it was over `maxBytes` (the rest of it was not read). */
  data: Buffer | null;
}

/**
 * The uploaded files one at a time, each read up to `maxBytes`. A part with no name and no bytes is
 * what a form sends for a file input left empty: skipped. A body cut short or without its boundary
 * is the client's fault: 400, not the parser's error.
 */
export async function* receivedFiles(request: FastifyRequest, maxBytes: number): AsyncGenerator<ReceivedFile> {
  try {
    for await (const part of request.files({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false })) {
      const data = await part.toBuffer().catch((error: unknown) => {
        if (part.file.truncated) return null;
        throw error;
      });
      if (!part.filename && data !== null && data.byteLength === 0) continue;
      yield { field: part.fieldname, fileName: displayName(part.filename || 'file'), data: part.file.truncated ? null : data };
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw new HttpError(400, 'validation', 'The upload was cut short or is not a well-formed multipart form; please send it again.');
  }
}
