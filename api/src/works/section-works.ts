import type { FastifyRequest } from 'fastify';
import type { WorkItem } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { workItems, worksPage } from './work-items.js';

/** Readers' works on a sentence (by permanent id), as the worksection answer carries them beside a layer's work. */
export async function readerWorksOnSentence(deps: ApiDeps, request: FastifyRequest, sentenceId: number): Promise<WorkItem[]> {
  return workItems(deps, request, (await worksPage(deps, request, { sentenceIds: [sentenceId] }, 1)).rows);
}

/** Readers' works on any sentence of a canto, as the canto note answer carries them. */
export async function readerWorksInCanto(deps: ApiDeps, request: FastifyRequest, book: number, canto: number): Promise<WorkItem[]> {
  const poem = await readModel<PoemReadModel>(deps, request, POEM_PROJECTION);
  const ids = (await poem.selectFrom('sentences').select('id').where('book', '=', book).where('canto', '=', canto).execute()).map((r) => r.id);
  return workItems(deps, request, (await worksPage(deps, request, { sentenceIds: ids }, 1)).rows);
}
