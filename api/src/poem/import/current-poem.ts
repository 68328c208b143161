import type { Kysely } from 'kysely';
import type { PoemReadModel } from '@epos/projections/poem/read-model';
import type { SentenceState } from '@epos/projections/poem/sentence-state';
import { emptyStructure, type PoemStructure } from '@epos/projections/poem/structure-state';

export interface CurrentPoem {
  structure: PoemStructure;
  structureRevision: bigint | null;
  sentences: Map<number, { state: SentenceState; revision: bigint }>;
}

/** The poem as the read model holds it, with the stream revisions an import must expect. */
export async function loadCurrentPoem(db: Kysely<PoemReadModel>): Promise<CurrentPoem> {
  const [structure, sentences] = await Promise.all([
    db.selectFrom('structure').select(['revision', 'state']).where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('sentences').select(['sentence', 'revision', 'state']).orderBy('sentence').execute(),
  ]);
  return {
    structure: structure?.state ?? emptyStructure(),
    structureRevision: structure ? BigInt(structure.revision) : null,
    sentences: new Map(sentences.map((s) => [s.sentence, { state: s.state, revision: BigInt(s.revision) }])),
  };
}
