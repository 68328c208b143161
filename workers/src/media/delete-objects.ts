import { withStorageLock } from '@epos/platform/storage/index';
import { deleteStoredObjectsJob } from '@epos/platform/media/jobs';
import { STORAGE_PROJECTION, type StorageReadModel } from '@epos/projections/media/storage-projection';
import { objectInUse } from '@epos/projections/media/storage-queries';
import { ReadModelBehindError } from '../reactor-context.js';
import type { WorkerContext } from '../registry.js';
import { handle, type JobRegistration } from '../runner.js';

const CATCH_UP_MS = 30_000;

type DeleteContext = Pick<WorkerContext, 'database' | 'store' | 'progress' | 'media' | 'logger'>;

/** Waits for the storage read model to take in everything up to `position`. */
async function storageAt(context: DeleteContext, position: bigint) {
  if ((await context.progress.waitFor(position, { names: [STORAGE_PROJECTION], timeoutMs: CATCH_UP_MS })) === null)
    throw new ReadModelBehindError([STORAGE_PROJECTION], position);
  return context.progress.readModel<StorageReadModel>(STORAGE_PROJECTION);
}

/**
 * Deletes each object nothing in the library is stored under any more: no upload, thumbnail, web
 * size or kept PDF. Under the storage lock, with the read model at the head of the log: an upload
 * of the same bytes is either in it (and the object stays) or waits for the lock and stores them
 * anew. Safe to run again: an object gone already is skipped.
 */
async function deleteStoredObjects(context: DeleteContext, keys: readonly string[], after: bigint): Promise<string[]> {
  await storageAt(context, after);
  return withStorageLock(context.database, async () => {
    const db = await storageAt(context, await context.store.headPosition());
    const deleted: string[] = [];
    for (const key of keys) {
      if (await objectInUse(db, key)) continue;
      if (await context.media.delete(key)) deleted.push(key);
    }
    if (deleted.length > 0) context.logger.info({ deleted, after: after.toString() }, 'stored objects deleted');
    return deleted;
  });
}

export function deleteStoredObjectsHandler(context: WorkerContext): JobRegistration {
  return handle(deleteStoredObjectsJob, async ({ keys, after }) => {
    await deleteStoredObjects(context, keys, BigInt(after));
  });
}
