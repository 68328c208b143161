import type { Config, Database, EventStore, JobQueue, Logger, ProjectionProgress } from '@epos/platform';

/** What every route may use; built once per process by the bootstrap. */
export interface ApiDeps {
  config: Config;
  database: Database;
  store: EventStore;
  progress: ProjectionProgress;
  jobs: JobQueue;
  logger: Logger;
}
