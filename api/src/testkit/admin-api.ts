import fs from 'node:fs';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from './test-api.js';
import { caughtUp, signIn, type Person } from './people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';

/** A test API holding the demo poem, with an administrator and a reader signed in: the admin resources' tests. */
export async function startAdminTestApi(): Promise<{ api: TestApi; admin: Person; reader: Person }> {
  const api = await startTestApi();
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  const admin = await signIn(api, 'admin');
  const reader = await signIn(api, 'user');
  await caughtUp(api);
  return { api, admin, reader };
}

/** `?sort=…&range=…&filter=…` as ra-data-simple-rest writes it (each value JSON). */
export const listQuery = (params: Record<string, unknown>): string =>
  '?' +
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');
