import { randomBytes } from 'node:crypto';
import { afterAll, it } from 'vitest';
import { schemaName } from '../../projections/define-projection.js';
import { searchIndexContract } from '../contract.js';
import { TypesenseSearchIndex } from './typesense-search-index.js';

// Runs the shared contract against a real Typesense, e.g.
//   TYPESENSE_URL=http://127.0.0.1:8108 TYPESENSE_API_KEY=epos-local-typesense-key npx vitest run platform/src/search/typesense
// (docker compose up typesense). Without TYPESENSE_URL the file reports one skipped test.
const url = process.env.TYPESENSE_URL;
const prefix = `epos_test_${randomBytes(4).toString('hex')}`;
let versions = 0;

if (url) {
  const indexes: TypesenseSearchIndex[] = [];
  afterAll(async () => {
    await Promise.all(indexes.map((index, i) => index.dropVersion(i + 1)));
  });
  searchIndexContract('Typesense', async () => {
    const version = ++versions;
    const index = new TypesenseSearchIndex(
      { url, apiKey: process.env.TYPESENSE_API_KEY ?? '', prefix },
      { schemaOf: async (name) => schemaName(name, version) },
    );
    indexes.push(index);
    await index.setup(null, version);
    return { index, write: (change) => change(index.writer(null, version)) };
  });
} else {
  it.skip('Typesense search index contract (set TYPESENSE_URL to run it against a server)', () => {});
}
