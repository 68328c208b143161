import { createHash } from 'node:crypto';
import { handleCommand, type EventStore } from '@epos/platform';
import type { MediaStorage } from '@epos/platform/storage/port';
import { mediaFileUrl, mediaStream, withoutBidiControls, type Cause, type UploadKind } from '@epos/schemas';
import { mediaDecider } from '@epos/domain/media/media-decider';
import { inspectUpload, type InspectedFile } from './inspect-upload.js';
import type { UploadGate } from './storage-quota.js';

export type StoredUpload = { ok: true; hash: string; url: string; file: InspectedFile; position: bigint | null } | { ok: false; reason: string };

/**
 * Checks the bytes, stores them through the storage port (key = their SHA-256) and appends
 * `MediaUploaded` to `media-<hash>`. The same bytes again are the same upload: stored once, no new
 * event, the same URL. The name is kept for display only. With a `gate` (an upload through a
 * route), the bytes are stored only once they fit the quotas, weighed under the storage lock.
 */
export async function storeUpload(
  context: { store: EventStore; media: MediaStorage; gate?: UploadGate },
  cause: Cause,
  kind: UploadKind,
  originalName: string,
  bytes: Buffer,
): Promise<StoredUpload> {
  const inspected = await inspectUpload(kind, bytes);
  if (!inspected.ok) return inspected;
  const { file } = inspected;
  const write = async (): Promise<StoredUpload> => {
    const { key } = await context.media.put(bytes);
    const facts = { hash: key, ...file, originalName: displayName(originalName), uploader: cause.actor };
    const result = await handleCommand(context.store, { streamId: mediaStream(key), decider: mediaDecider, command: { kind: 'upload', facts }, cause });
    // A file uploaded before as another kind (a WAV sent as an image cannot be; a type is one kind) keeps its first facts.
    const ext = result.state.upload?.ext ?? file.ext;
    return { ok: true, hash: key, url: mediaFileUrl(key, ext), file, position: result.position };
  };
  if (!context.gate) return write();
  return context.gate.commit(createHash('sha256').update(bytes).digest('hex'), bytes.byteLength, write);
}

/**
 * A file name as shown: its last part, without control characters and without bidirectional
 * controls (a right-to-left override shows "photo\u202Egpj.exe" as "photoexe.jpg"; a name comes from
 * the sender's disk, so it is cleaned rather than refused), at most 300 characters.
 */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, ''))
    .trim()
    .slice(0, 300);
  return clean === '' ? 'file' : clean;
}
