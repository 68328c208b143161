import type { Kysely } from 'kysely';
import type { PoemReadModel } from '@epos/projections/poem/read-model';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { emptyStructure, type PoemStructure } from '@epos/domain/poem/structure-state';

export interface StoredSentence {
  state: SentenceState;
  revision: bigint;
}

export interface CurrentPoem {
  structure: PoemStructure;
  structureRevision: bigint | null;
  /** Every sentence ever imported, placed or withdrawn, by permanent id. */
  sentences: Map<number, StoredSentence>;
}

/** The poem as the read model holds it, with the stream revisions an import must expect. */
export async function loadCurrentPoem(db: Kysely<PoemReadModel>): Promise<CurrentPoem> {
  const [structure, sentences] = await Promise.all([
    db.selectFrom('structure').select(['revision', 'state']).where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('sentences').select(['id', 'revision', 'state']).orderBy('id').execute(),
  ]);
  return {
    structure: structure?.state ?? emptyStructure(),
    structureRevision: structure ? BigInt(structure.revision) : null,
    sentences: new Map(sentences.map((s) => [s.id, { state: s.state, revision: BigInt(s.revision) }])),
  };
}

/** The placed sentences in poem order. */
export function placedInOrder(current: CurrentPoem): StoredSentence[] {
  return [...current.sentences.values()].filter((s) => s.state.placement).sort((a, b) => (a.state.placement!.order < b.state.placement!.order ? -1 : 1));
}
