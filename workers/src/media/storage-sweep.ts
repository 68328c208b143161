import { describeDatabaseError, handleCommand, isDatabaseUnavailable } from '@epos/platform';
import { enqueueOnce } from '@epos/platform/jobs/index';
import { sweepStorageJob } from '@epos/platform/media/jobs';
import { readPdfRequest } from '@epos/platform/pdf/request-state';
import { readShareCard } from '@epos/platform/cards/card-state';
import { cardStream, mediaStream, pdfPartSchema, pdfStream, SYSTEM_ACTOR, type PdfPart } from '@epos/schemas';
import { mediaDecider } from '@epos/domain/media/media-decider';
import { STORAGE_PROJECTION, type StorageReadModel } from '@epos/projections/media/storage-projection';
import {
  editionsAskedBefore,
  isUsed,
  supersededCards,
  uploadsUnusedSince,
  type KeptEdition,
  type SupersededCard,
} from '@epos/projections/media/storage-queries';
import { pdfPartVersion } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { ReadModelBehindError } from '../reactor-context.js';
import type { WorkerContext } from '../registry.js';
import { handle, type JobRegistration } from '../runner.js';
import { appendAtRevision } from '../append-once.js';

const HOUR = 3_600_000;
/** Uploads swept per run; the next run takes the rest. */
const UPLOADS_PER_RUN = 1000;
const EDITIONS_PER_PAGE = 500;
/** Share cards expired per run; the next run takes the rest. */
const CARDS_PER_RUN = 1000;

type SweepContext = Pick<WorkerContext, 'config' | 'store' | 'progress' | 'logger'>;

interface SweepResult {
  swept: number;
  expired: number;
  cardsExpired: number;
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
  return appendAtRevision(context.store, pdfStream(edition.requestId), state.revision, { type: 'PdfExpired', data });
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

/** `ShareCardExpired` for the card, unless its stream moved on since the read model looked. */
async function expireCard(context: SweepContext, card: SupersededCard): Promise<boolean> {
  const state = await readShareCard(context.store, card.cardId);
  if (state.made?.hash !== card.hash) return false;
  return appendAtRevision(context.store, cardStream(card.cardId), state.revision, {
    type: 'ShareCardExpired',
    data: { ...card, reason: 'superseded' as const },
  });
}

/** Each share card made before the retention time whose page has a newer card: `ShareCardExpired`. */
async function expireOldCards(context: SweepContext, db: Awaited<ReturnType<typeof storageDb>>, now: number): Promise<number> {
  const before = new Date(now - context.config.OLD_RENDER_RETENTION_HOURS * HOUR);
  let expired = 0;
  for (const card of await supersededCards(db, before, CARDS_PER_RUN)) if (await expireCard(context, card)) expired += 1;
  return expired;
}

const storageDb = (context: SweepContext) => context.progress.readModel<StorageReadModel>(STORAGE_PROJECTION);

/** One sweep over the read models as they stand at the head of the log now. */
async function sweepStorage(context: SweepContext, now = Date.now()): Promise<SweepResult> {
  const head = await context.store.headPosition();
  const names = [STORAGE_PROJECTION, POEM_PROJECTION];
  if ((await context.progress.waitFor(head, { names, timeoutMs: 30_000 })) === null) throw new ReadModelBehindError(names, head);
  const db = await storageDb(context);
  const result = {
    swept: await sweepUploads(context, db, now),
    expired: await expireOldEditions(context, db, now),
    cardsExpired: await expireOldCards(context, db, now),
  };
  if (result.swept || result.expired || result.cardsExpired) context.logger.info(result, 'storage sweep took out unused uploads and old renders');
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
