import { setTimeout as sleep } from 'node:timers/promises';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { PostgresEventStore, ProjectionProgress, ProjectionRunner, type Config, type Database, type Logger } from '@epos/platform';
import { runtimeProjections } from '@epos/projections';
import { OperatorError } from './cli.js';

const POLL_MS = 250;
const REPORT_EVERY_MS = 5_000;

/**
 * Runs every projection the site runs, as its projections role does, until each is live at the
 * head of the log; then the site starts with its read models complete.
 */
export async function rebuildReadModels(options: { config: Config; database: Database; logger: Logger; report: (line: string) => void }): Promise<void> {
  const { database, report } = options;
  const store = new PostgresEventStore(database, new EventRegistry(eventCatalog));
  const projections = runtimeProjections(options);
  const runner = new ProjectionRunner({ database, store, projections, logger: options.logger });
  const progress = new ProjectionProgress(database, store);
  let reported = Date.now();
  try {
    await runner.start();
    for (;;) {
      const [failure] = runner.failed.values();
      if (failure) throw new OperatorError(`${failure.message}. The data is restored, but this read model cannot be rebuilt from it`);
      const health = await progress.health();
      const live = projections.filter((p) =>
        health.projections.some((h) => h.name === p.name && h.version === p.version && h.status === 'live' && h.lag === '0'),
      );
      if (live.length === projections.length) return;
      if (Date.now() - reported >= REPORT_EVERY_MS) {
        const behind = health.projections.filter((h) => h.lag !== '0').map((h) => `${h.name} at ${h.checkpoint}`);
        report(`${live.length} of ${projections.length} read models at the head (${health.head})${behind.length > 0 ? `; ${behind.join(', ')}` : ''}`);
        reported = Date.now();
      }
      await sleep(POLL_MS);
    }
  } finally {
    await runner.stop();
    await progress.close();
    await store.close();
  }
}
