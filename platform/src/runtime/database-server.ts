import path from 'node:path';
import type { Config } from '../config/config.js';
import { ensureDatabase, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import type { Logger } from '../logging/logger.js';

export interface DatabaseServer {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
  /** Asks an embedded server to stop without waiting, as the process exits. */
  signalStop(): void;
}

/** DATABASE_URL when set; otherwise a real PostgreSQL started from the embedded-postgres package. */
export async function openDatabaseServer(config: Config, logger: Logger): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined, signalStop: () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    logger,
  });
  await ensureDatabase(server.adminUrl, 'epos');
  return { url: server.urlFor('epos'), embedded: true, stop: () => server.stop(), signalStop: () => server.signalStop() };
}
