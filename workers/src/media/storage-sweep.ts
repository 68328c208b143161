import { describeDatabaseError, handleCommand, isDatabaseUnavailable, WrongExpectedRevisionError } from '@epos/platform';
import { enqueueOnce } from '@epos/platform/jobs/index';
import { sweepStorageJob } from '@epos/platform/media/jobs';
import { readPdfRequest } from '@epos/platform/pdf/request-state';
import { mediaStream, pdfPartSchema, pdfStream, SYSTEM_ACTOR, type PdfPart } from '@epos/schemas';
import { mediaDecider } from '@epos/domain/media/media-decider';
import { STORAGE_PROJECTION, type StorageReadModel } from '@epos/projections/media/storage-projection';
import { editionsAskedBefore, isUsed, uploadsUnusedSince, type KeptEdition } from '@epos/projections/media/storage-queries';
import { pdfPartVersion } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { ReadModelBehindError } from '../reactor-context.js';
import type { WorkerContext } from '../registry.js';
import { handle, type JobRegistration } from '../runner.js';

const HOUR = 3_600_000;
/** Uploads swept per run; the next run takes the rest. */
const UPLOADS_PER_RUN = 1000;
const EDITIONS_PER_PAGE = 500;

type SweepContext = Pick<WorkerContext, 'config' | 'store' | 'progress' | 'logger'>;

interface SweepResult {
  swept: number;
  expired: number;
}

/** Each upload nothing has used for the grace period, out of the library as `UploadSwept` (the decider checks its use again). */
async function sweepUploads(context: SweepContext, db: Awaited<ReturnType<typeof storageDb>>, now: number): Promise<number> {
  const before = new Date(now - context.config.UNUSED_UPLOAD_GRACE_HOURS * HOUR);
  let swept = 0;
  for (const upload of await uploadsUnusedSince(db, before, UPLOADS_PER_RUN)) {
    const command = {
      kind: 'sweep' as const,
      reason: upload.reason,
      unusedSince: upload.unusedSince,
      lastUsedBy: upload.lastUsedBy,
      inUse: await isUsed(db, upload.hash),
    };
    const result = await handleCommand(context.store, { streamId: mediaStream(upload.hash), decider: mediaDecider, command, cause: { actor: SYSTEM_ACTOR } });
    swept += result.events.length;
  }
  return swept;
}

/** `PdfExpired` for the edition, unless its stream moved on since the read model looked (asked for again, expired already). */
async function expire(context: SweepContext, edition: KeptEdition, currentVersion: string | null): Promise<boolean> {
  const state = await readPdfRequest(context.store, edition.requestId);
  if (state.rendered?.hash !== edition.hash) return false;
  const data = {
    requestId: edition.requestId,
    hash: edition.hash,
    size: edition.size,
    reason: 'superseded' as const,
    lastAskedAt: edition.lastAskedAt,
    currentVersion,
  };
  try {
    await context.store.append(pdfStream(edition.requestId), [{ type: 'PdfExpired', data }], {
      expectedRevision: state.revision,
      cause: { actor: SYSTEM_ACTOR },
    });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * Each PDF edition of a content version that is no longer its part's, asked for last before the
 * retention time: `PdfExpired`. The newest version's editions are kept however old.
 */
async function expireOldEditions(context: SweepContext, db: Awaited<ReturnType<typeof storageDb>>, now: number): Promise<number> {
  const before = new Date(now - context.config.OLD_RENDER_RETENTION_HOURS * HOUR);
  const poem = await context.progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const versions = new Map<string, string | null>();
  const currentVersion = async (part: string): Promise<string | null> => {
    if (!versions.has(part)) versions.set(part, await pdfPartVersion(poem, pdfPartSchema.parse(JSON.parse(part)) as PdfPart));
    return versions.get(part)!;
  };
  let expired = 0;
  let after: { lastAskedAt: string; requestId: string } | null = null;
  for (;;) {
    const page = await editionsAskedBefore(db, before, EDITIONS_PER_PAGE, after);
    for (const edition of page) {
      const current = await currentVersion(edition.part);
      if (current !== edition.version && (await expire(context, edition, current))) expired += 1;
    }
    if (page.length < EDITIONS_PER_PAGE) return expired;
    after = page.at(-1)!;
  }
}

const storageDb = (context: SweepContext) => context.progress.readModel<StorageReadModel>(STORAGE_PROJECTION);

/** One sweep over the read models as they stand at the head of the log now. */
async function sweepStorage(context: SweepContext, now = Date.now()): Promise<SweepResult> {
  const head = await context.store.headPosition();
  const names = [STORAGE_PROJECTION, POEM_PROJECTION];
  if ((await context.progress.waitFor(head, { names, timeoutMs: 30_000 })) === null) throw new ReadModelBehindError(names, head);
  const db = await storageDb(context);
  const result = { swept: await sweepUploads(context, db, now), expired: await expireOldEditions(context, db, now) };
  if (result.swept || result.expired) context.logger.info(result, 'storage sweep took out unused uploads and old renders');
  return result;
}

export function sweepStorageHandler(context: WorkerContext): JobRegistration {
  return handle(sweepStorageJob, async () => {
    await sweepStorage(context);
  });
}

/**
 * Queues `storage.sweep` now and every `intervalMs` (STORAGE_SWEEP_MINUTES), one run per period
 * whichever worker process queues it, until stopped.
 */
export function startStorageSweep(context: Pick<WorkerContext, 'jobs' | 'logger'>, intervalMs: number): { stop(): void } {
  const queue = () => {
    enqueueOnce(context.jobs, sweepStorageJob, {}, { jobId: `sweep-${Math.floor(Date.now() / intervalMs)}` }).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) context.logger.debug({ reason: describeDatabaseError(error) }, 'storage sweep not queued: the database is unavailable');
      else context.logger.error({ err: error }, 'storage sweep could not be queued; it is queued again at the next period');
    });
  };
  queue();
  const timer = setInterval(queue, intervalMs);
  return { stop: () => clearInterval(timer) };
}
