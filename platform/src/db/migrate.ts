import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as eventStore from './migrations/0001-event-store.js';
import * as projections from './migrations/0002-projections.js';
import * as accounts from './migrations/0003-accounts.js';
import * as siteSecrets from './migrations/0004-site-secrets.js';
import * as rateLimits from './migrations/0005-rate-limits.js';
import * as reactors from './migrations/0006-reactors.js';
import * as substringSearch from './migrations/0007-substring-search.js';
import * as search from './migrations/0008-search.js';
import * as projectionLeases from './migrations/0009-projection-leases.js';
import * as projectionFailures from './migrations/0010-projection-failures.js';
import * as accountOutbox from './migrations/0011-account-outbox.js';
import * as sessionEnds from './migrations/0012-session-ends.js';

/** Every feature adds its migrations here, in order; names sort by their number. */
const platformMigrations: Record<string, Migration> = {
  '0001-event-store': eventStore,
  '0002-projections': projections,
  '0003-accounts': accounts,
  '0004-site-secrets': siteSecrets,
  '0005-rate-limits': rateLimits,
  '0006-reactors': reactors,
  '0007-substring-search': substringSearch,
  '0008-search': search,
  '0009-projection-leases': projectionLeases,
  '0010-projection-failures': projectionFailures,
  '0011-account-outbox': accountOutbox,
  '0012-session-ends': sessionEnds,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

export async function migrateToLatest<DB>(db: Kysely<DB>, extra: Record<string, Migration> = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider({ ...platformMigrations, ...extra }) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}
