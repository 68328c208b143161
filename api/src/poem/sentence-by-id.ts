import type { FastifyInstance } from 'fastify';
import type { LineInfoAnswer, SentenceIdentityAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { translationFields, type Edition, type Language } from '@epos/schemas/poem/editions';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { PoemQueries } from '@epos/projections/poem/poem-queries';
import type { ApiDeps } from '../deps.js';
import { readOwn } from '../http/own-answers.js';

/** A sentence by its permanent id, in an edition, with the site it is read on; null when the id is unknown or the sentence withdrawn. */
export async function sentenceById(app: FastifyInstance, id: number, edition: Edition): Promise<{ site: Site; sentence: LineInfoAnswer } | null> {
  const n = (await readOwn<SentenceIdentityAnswer>(app, `/api/s/${id}`))?.sentence ?? null;
  if (n === null) return null;
  const [site, sentence] = await Promise.all([readOwn<Site>(app, '/api/site'), readOwn<LineInfoAnswer>(app, `/api/lineinfo/${n}?edition=${edition}`)]);
  return site && sentence ? { site, sentence } : null;
}

/** The permanent id of the sentence numbered `n` now; null when none is (a number past PostgreSQL's integer is none, not a question for the database). */
export async function sentenceIdOf(deps: Pick<ApiDeps, 'progress'>, n: number): Promise<number | null> {
  if (n > 2_147_483_647) return null;
  return new PoemQueries(await deps.progress.readModel<PoemReadModel>(POEM_PROJECTION)).idOf(n);
}

/** The translation of the sentence in `lang`, when it has one. */
export function translationOf(sentence: LineInfoAnswer, lang: Language | null): string | null {
  if (lang === null) return null;
  const text = (sentence as unknown as Record<string, unknown>)[translationFields[lang]];
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}
