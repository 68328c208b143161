import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { importPoem } from '../poem/import/import-poem.js';
import { caughtUp } from './people.js';
import type { TestApi } from './test-api.js';

/** Imports a poem's text file into the test API as an operator would, and waits until every read model has it. */
export async function importText(api: TestApi, content: string, options: { fileName?: string; confirmed?: boolean } = {}): Promise<void> {
  await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: options.fileName ?? 'poem.txt', content, cause: { actor: 'importer' }, ...(options.confirmed ? { confirmed: true } : {}) },
  );
  await caughtUp(api);
}
