import { POEM_STREAM, BEING_REBUILT_CODE, BEING_REBUILT_MESSAGE } from '@epos/schemas';
import { foldStream } from '@epos/platform';
import { bookKey, cantoKey, ownEntry, sectionKey } from '@epos/domain/poem/structure-state';
import { structureDecider } from '@epos/domain/poem/structure-decider';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { HttpError, REBUILD_RETRY_AFTER_S } from '../http/error-handler.js';

export interface PartAddress {
  book: number;
  canto?: number;
  section?: number;
}

/**
 * The answer for a part of the poem the read model does not have: 404 with `notFound`, unless the
 * poem read model is behind the log (stopped on an event it could not apply, or rebuilding) and the
 * log names the part (`null`: a sentence number, which only the read model can tell): then 503,
 * the part is being rebuilt.
 */
export async function missingPart(deps: Pick<ApiDeps, 'progress' | 'store'>, part: PartAddress | null, notFound: string): Promise<HttpError> {
  const applied = deps.progress.appliedOf(POEM_PROJECTION)?.position ?? -1n;
  if (applied >= (await deps.store.headPosition())) return new HttpError(404, 'not_found', notFound);
  if (part === null) return beingRebuilt();
  const { state: structure } = await foldStream(deps.store, POEM_STREAM, structureDecider);
  const named =
    part.section !== undefined && part.canto !== undefined
      ? ownEntry(structure.sections, sectionKey(part.book, part.canto, part.section))
      : part.canto !== undefined
        ? ownEntry(structure.cantos, cantoKey(part.book, part.canto))
        : ownEntry(structure.books, bookKey(part.book));
  return named ? beingRebuilt() : new HttpError(404, 'not_found', notFound);
}

const beingRebuilt = () => new HttpError(503, BEING_REBUILT_CODE, BEING_REBUILT_MESSAGE, { 'retry-after': String(REBUILD_RETRY_AFTER_S) });
