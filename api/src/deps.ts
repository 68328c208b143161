import type { Config, Database, EventStore, JobQueue, Logger, ProjectionProgress } from '@epos/platform';
import type { SearchIndex } from '@epos/platform/search/port';

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
}
