import { explain } from '../ops/cli.js';
import { boot, ProjectionProgress, ProjectionRunner, type Runtime } from '@epos/platform';
import type { Kysely } from 'kysely';
import { allProjections } from '@epos/projections';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';

export interface PoemTool {
  runtime: Runtime;
  progress: ProjectionProgress;
  poemDb(): Promise<Kysely<PoemReadModel>>;
  close(): Promise<void>;
}

/**
 * What a command-line tool needs: the runtime (DATABASE_URL or the embedded PostgreSQL, shared
 * with a running `npm start`), and the projections running so the read models are current.
 */
export async function openPoemTool(): Promise<PoemTool> {
  try {
    return await open();
  } catch (error) {
    // A database that cannot be reached or logged into: said plainly, not as a stack trace.
    console.error(explain(error));
    process.exit(1);
  }
}

async function open(): Promise<PoemTool> {
  const runtime = await boot('tool', { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const runner = new ProjectionRunner({ ...runtime, projections: allProjections });
  runtime.shutdown.add('projections', () => runner.stop());
  await runner.start();
  const progress = new ProjectionProgress(runtime.database, runtime.store);
  await progress.start();
  runtime.shutdown.add('progress', () => progress.close());
  return {
    runtime,
    progress,
    poemDb: () => progress.readModel<PoemReadModel>(POEM_PROJECTION),
    close: () => runtime.shutdown.run(),
  };
}
