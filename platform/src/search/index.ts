import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { ReadModelSchemas, SearchIndex } from './port.js';
import { PostgresSearchIndex } from './postgres/postgres-search-index.js';
import { TypesenseSearchIndex } from './typesense/typesense-search-index.js';

export type { SearchIndex } from './port.js';

/** The search projection's name: its read model lives in rm_search_v<version>. */
export const SEARCH_PROJECTION = 'search';

export interface SearchIndexDeps {
  database: Pick<Database, 'db'>;
  /** Which version of the search read model is served now: ProjectionProgress. */
  readModels: ReadModelSchemas;
}

/** PostgreSQL full text by default; Typesense when TYPESENSE_URL is set. */
export function createSearchIndex(config: Pick<Config, 'TYPESENSE_URL' | 'TYPESENSE_API_KEY'>, deps: SearchIndexDeps): SearchIndex {
  if (config.TYPESENSE_URL) {
    return new TypesenseSearchIndex({ url: config.TYPESENSE_URL, apiKey: config.TYPESENSE_API_KEY ?? '', projection: SEARCH_PROJECTION }, deps.readModels);
  }
  return new PostgresSearchIndex(deps.database, deps.readModels, SEARCH_PROJECTION);
}
