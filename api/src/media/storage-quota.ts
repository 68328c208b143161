import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { StorageFullError, withStorageLock } from '@epos/platform/storage/index';
import { maxBytes, storageMessages, usageInWords, type StorageUsageAnswer, type UploadKind } from '@epos/schemas';
import { roomFor, refusalOf, type StorageRefusal, type StorageRoom } from '@epos/domain/media/storage-quota';
import { STORAGE_PROJECTION, type StorageReadModel } from '@epos/projections/media/storage-projection';
import { accountUsage, isStored, siteUsage } from '@epos/projections/media/storage-queries';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { readModel } from '../read-models.js';
import { dropRestOfBody } from './receive-files.js';

const MB = 1024 * 1024;
/** What a multipart body carries beyond its files' bytes (boundaries, part headers, a few fields). */
const MULTIPART_SLACK = 64 * 1024;
const COUNTING_RETRY_AFTER_S = 5;

/** Whose quota an upload counts against: an account's (null quota for administrators), or the media API key's (none). */
export interface Uploader {
  id: string;
  quota: number | null;
}

export function uploaderOf(deps: Pick<ApiDeps, 'config'>, request: FastifyRequest, fallback: string): Uploader {
  const actor = request.actor;
  if (!actor) return { id: fallback, quota: null };
  return { id: actor.id, quota: actor.role === 'admin' ? null : deps.config.STORAGE_ACCOUNT_QUOTA_MB * MB };
}

/** The refusal as an answer; the rest of the body, if any is still coming, is dropped unread into storage. */
export function refusalError(request: FastifyRequest, refusal: StorageRefusal): HttpError {
  dropRestOfBody(request);
  return new HttpError(refusal.status, refusal.code, refusal.message, {}, [{ field: 'file', message: refusal.message }]);
}

async function roomOf(deps: ApiDeps, uploader: Uploader, db?: Kysely<StorageReadModel>): Promise<StorageRoom> {
  const storage = db ?? (await storageDb(deps));
  const [accountUsed, siteUsed, diskFree] = await Promise.all([
    uploader.quota === null ? Promise.resolve(0) : accountUsage(storage, uploader.id),
    siteUsage(storage),
    deps.media.freeBytes(),
  ]);
  return {
    accountUsed,
    accountQuota: uploader.quota,
    siteUsed,
    siteQuota: deps.config.STORAGE_SITE_QUOTA_MB * MB,
    diskFree,
    diskReserve: deps.config.STORAGE_MIN_FREE_MB * MB,
  };
}

const storageDb = (deps: ApiDeps) => deps.progress.readModel<StorageReadModel>(STORAGE_PROJECTION);

/** `GET /api/media/usage`: the account's "x of y used", and the largest file it may send now (after the request's `X-Consistent-After`). */
export async function usageOf(deps: ApiDeps, request: FastifyRequest, uploader: Uploader): Promise<StorageUsageAnswer> {
  const db = await readModel<StorageReadModel>(deps, request, STORAGE_PROJECTION);
  const used = await accountUsage(db, uploader.id);
  const room = await roomOf(deps, uploader, db);
  return { used, quota: uploader.quota, available: roomFor(room).bytes, inWords: usageInWords(used, uploader.quota) };
}

/** Stores an upload's bytes once they fit: `write` runs under the storage lock, after the quotas are weighed again. */
export interface UploadGate {
  commit<T>(hash: string, size: number, write: () => Promise<T>): Promise<T>;
}

export interface Admission {
  /** Bytes a file may have: its kind's cap, or less when that is all the room left. */
  limit: number;
  /** Why a file cut at `limit` is refused: null when the kind's own cap cut it. */
  cutBy: StorageRefusal | null;
  gate: UploadGate;
}

/**
 * Before an upload's body is read: refused at once when no room is left, or when the body is
 * declared larger than the room (Content-Length); else the largest a file may be, so that one
 * growing past the room is cut as it streams in. The bytes are weighed again, exactly and under a
 * lock shared by every process, when they are stored (`gate`).
 */
export async function admitUpload(deps: ApiDeps, request: FastifyRequest, kind: UploadKind, uploader: Uploader): Promise<Admission> {
  const { bytes, refusal } = roomFor(await roomOf(deps, uploader));
  if (bytes <= 0) throw refusalError(request, refusal);
  const declared = Number(request.headers['content-length']);
  if (bytes < maxBytes[kind] && Number.isFinite(declared) && declared > bytes + MULTIPART_SLACK) throw refusalError(request, refusal);
  const gate: UploadGate = {
    commit: (hash, size, write) =>
      withStorageLock(deps.database, async () => {
        const head = await deps.store.headPosition();
        if ((await deps.progress.waitFor(head, { names: [STORAGE_PROJECTION], timeoutMs: deps.config.CONSISTENCY_TIMEOUT_MS })) === null) {
          throw new HttpError(503, 'unavailable', storageMessages.counting, { 'retry-after': String(COUNTING_RETRY_AFTER_S) });
        }
        const db = await storageDb(deps);
        if (!(await isStored(db, hash))) {
          const over = refusalOf(await roomOf(deps, uploader, db), size);
          if (over) throw refusalError(request, over);
        }
        try {
          return await write();
        } catch (error) {
          if (error instanceof StorageFullError)
            throw refusalError(request, { status: 507, code: 'storage_full', message: storageMessages.diskFull(deps.config.STORAGE_MIN_FREE_MB * MB) });
          throw error;
        }
      }),
  };
  return { limit: Math.min(maxBytes[kind], bytes), cutBy: bytes < maxBytes[kind] ? refusal : null, gate };
}
