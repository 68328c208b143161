import type { Kysely } from 'kysely';
import type { SuggestionsReadModel } from './suggestions-projection.js';

/** Suggested corrections of a sentence (its permanent id) still waiting for an editor. */
export async function openSuggestionsOn(db: Kysely<SuggestionsReadModel>, sentenceId: number): Promise<number> {
  const row = await db
    .selectFrom('suggestions')
    .where('sentence_id', '=', sentenceId)
    .where('status', '=', 'open')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
