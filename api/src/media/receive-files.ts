import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/error-handler.js';
import { displayName } from './store-upload.js';

export interface ReceivedFile {
  /** The form field (file0, file1, …). */
  field: string;
  /** The name it was sent with, as shown (`displayName`): for display only. */
  fileName: string;
  /** Null when it was over `maxBytes` (the rest of it was not read). */
  data: Buffer | null;
}

/** A part's bytes; null once it passes the size limit: read to its end (`cut` false), or at once with the rest of the body left unread. */
async function readPart(file: NodeJS.ReadableStream & { truncated?: boolean; destroy(): void }, cut: boolean): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let over = false;
  const onLimit = () => {
    over = true;
    if (cut) file.destroy();
  };
  file.once('limit', onLimit);
  try {
    for await (const chunk of file) if (!over) chunks.push(chunk as Buffer);
  } catch (error) {
    if (!(over && cut)) throw error;
  } finally {
    file.removeListener('limit', onLimit);
  }
  return over || file.truncated ? null : Buffer.concat(chunks);
}

/**
 * The uploaded files one at a time, each read up to `maxBytes`. A part with no name and no bytes is
 * what a form sends for a file input left empty: skipped. A body cut short or without its boundary
 * is the client's fault: 400, not the parser's error. With `cut`, a file passing `maxBytes` ends
 * the reading there (it is past a quota: the request is refused, the rest is not worth receiving);
 * without, it is read to its end and the next file follows.
 */
export async function* receivedFiles(request: FastifyRequest, maxBytes: number, options: { cut?: boolean } = {}): AsyncGenerator<ReceivedFile> {
  try {
    for await (const part of request.files({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false })) {
      const data = await readPart(part.file, options.cut === true);
      if (!part.filename && data !== null && data.byteLength === 0) continue;
      yield { field: part.fieldname, fileName: displayName(part.filename || 'file'), data };
      if (data === null && options.cut === true) return;
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw new HttpError(400, 'validation', 'The upload was cut short or is not a well-formed multipart form; please send it again.');
  }
}

/** How long a refused upload's body is still read (and dropped) so its sender can read the answer. */
const LINGER_MS = 5_000;

/**
 * After a refusal decided before its body was read to the end: what is still coming is read and
 * dropped, never stored, for LINGER_MS at most, then the connection is closed. Closing at once
 * would reset the connection under a client still sending, and it would lose the answer that says
 * why (as nginx's lingering close avoids).
 */
export function dropRestOfBody(request: FastifyRequest): void {
  const body = request.raw;
  if (body.readableEnded) return;
  body.unpipe();
  body.resume();
  const timer = setTimeout(() => body.socket.destroy(), LINGER_MS);
  timer.unref();
  body.once('end', () => clearTimeout(timer));
}
