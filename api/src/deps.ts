import type { Config, Database, EventStore, JobQueue, Logger, ProjectionProgress } from '@epos/platform';
import type { SearchIndex } from '@epos/platform/search/port';
import type { MediaStorage } from '@epos/platform/storage/port';
import type { MemoryBudget } from './http/memory-budget.js';

/** What every route may use; built once per process by the bootstrap. */
export interface ApiDeps {
  config: Config;
  database: Database;
  store: EventStore;
  progress: ProjectionProgress;
  jobs: JobQueue;
  logger: Logger;
  /** The search index the search projection builds (PostgreSQL or Typesense). */
  search: SearchIndex;
  /** Where uploaded media and generated PDFs are kept (a local folder by default). */
  media: MediaStorage;
  /** The memory every in-memory cache of the process shares (`cacheMemoryOf`). */
  memory: MemoryBudget;
}
