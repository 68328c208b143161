/**
 * `npm start`: the whole site in one process, on DATABASE_URL or, without it, on an embedded
 * PostgreSQL under .data/: the API with the built reader UI on the main thread, the projections
 * and workers in a worker thread (./start-background.ts), so that applying writes never delays
 * an answer to a reader.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runRole, type Runtime } from '@epos/platform';
import { seedDemoIfEmpty, startApiServer } from '@epos/api';

/** The projections and workers thread, running once it says so; stopped before the database. */
async function startBackground(runtime: Runtime): Promise<void> {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./start-background${extension}`, import.meta.url);
  const env = { ...process.env, DATABASE_URL: runtime.database.url };
  // Run from the sources (tsx), the thread needs tsx's loader of its own.
  const worker =
    extension === '.ts'
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true, env },
        )
      : new Worker(entry, { env });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message) =>
      message === 'started' ? resolve() : reject(new Error(`unexpected message from the projections and workers: ${String(message)}`)),
    );
    worker.once('error', reject);
    void exited.then((code) => reject(new Error(`the projections and workers stopped while starting (exit code ${code})`)));
  });
  let stopping = false;
  runtime.shutdown.add('projections and workers', async () => {
    stopping = true;
    worker.postMessage('stop');
    await exited;
  });
  // Without its projections and workers the site would serve ever older answers: stop it all, for a supervisor to restart.
  void exited.then(async (code) => {
    if (stopping) return;
    runtime.logger.fatal({ code }, 'the projections and workers thread stopped; stopping the site');
    await runtime.shutdown.run();
    process.exit(1);
  });
}

await runRole('all', async (runtime) => {
  await startBackground(runtime);
  await seedDemoIfEmpty(runtime);
  await startApiServer(runtime);
  runtime.logger.info(`Epos is ready at http://${runtime.config.HOST}:${runtime.config.PORT}/`);
});
