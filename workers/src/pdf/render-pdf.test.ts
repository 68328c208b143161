/**
 * The `pdf.render` job on real PostgreSQL, BullMQ and Chromium: a workers process SIGKILLed while
 * it prints still yields exactly one PDF (BullMQ retakes the run once its 10 s lock lapses), and
 * a machine without Chromium records the failure with a clear reason.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner } from '@epos/platform';
import { createJobQueue } from '@epos/platform/jobs/index';
import { renderPdfJob } from '@epos/platform/pdf/jobs';
import { pdfRequestId } from '@epos/platform/pdf/request-id';
import { readPdfRequest } from '@epos/platform/pdf/request-state';
import { createMediaStorage } from '@epos/platform/storage/index';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { capturingLogger } from '@epos/platform/testkit/capturing-logger';
import { EventRegistry, eventCatalog, pdfOptionsSchema, pdfStream, type PdfPart } from '@epos/schemas';
import { allProjections } from '@epos/projections';
import { pdfPartVersion } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startWorkersProcess, type WorkersProcess } from '../blogs/testkit/workers-process.js';
import { startWorkers } from '../runner.js';
import { renderPdfHandler } from './handler.js';
import { appendCanto, SANSKRIT_LINE } from './testkit/poem-fixture.js';
import { claimRedisDatabase } from '../testkit/redis-database.js';

const run = promisify(execFile);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
});

const part: PdfPart = { typeOf: 2, book: 1, canto: 1 };
const options = pdfOptionsSchema.parse({ translations: ['fr', 'sa'], commentary: ['scholar'], scansion: true });

/** A fresh database with the projections running and a canto of `sentences` in it; the request appended as the API appends it. */
async function poemWithRequest(sentences: number) {
  const logger = createLogger('silent', 'pdf-test');
  const testDb = await newTestDatabase();
  cleanups.push(() => testDb.drop());
  const store = new PostgresEventStore(testDb.database, new EventRegistry(eventCatalog), { pollIntervalMs: 100 });
  cleanups.push(() => store.close());
  const runner = new ProjectionRunner({ database: testDb.database, store, logger, projections: allProjections });
  await runner.start();
  cleanups.push(() => runner.stop());
  const progress = new ProjectionProgress(testDb.database, store);
  await progress.start();
  cleanups.push(() => progress.close());
  await appendCanto(store, sentences);
  await progress.waitFor(await store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 30_000 });
  const version = (await pdfPartVersion(await progress.readModel<PoemReadModel>(POEM_PROJECTION), part))!;
  const requestId = pdfRequestId(part, options, version);
  const request = () =>
    store.append(pdfStream(requestId), [{ type: 'PdfRequested', data: { requestId, part, options, version, mailTo: null } }], {
      expectedRevision: 'any',
      cause: { actor: 'test' },
    });
  return { testDb, store, progress, logger, requestId, request };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const REDIS_URL = process.env.REDIS_URL;
const backends = [{ name: 'postgres' as const }, ...(REDIS_URL ? [{ name: 'redis' as const }] : [])];

describe.each(backends)('pdf.render with BullMQ on $name', ({ name }) => {
  it('prints exactly one PDF when the workers process is SIGKILLed mid-print and started again', { timeout: 180_000 }, async () => {
    const { testDb, store, requestId, request, logger } = await poemWithRequest(600);
    let redisUrl: string | undefined;
    if (name === 'redis') {
      const claimed = await claimRedisDatabase(REDIS_URL!);
      cleanups.push(() => claimed.release());
      redisUrl = claimed.url;
    }
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-pdf-kill-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const jobs = createJobQueue({ databaseUrl: testDb.url, ...(redisUrl ? { redisUrl } : {}), logger });
    expect(jobs.kind).toBe(name);
    cleanups.push(() => jobs.close());
    const env = {
      DATABASE_URL: testDb.url,
      REDIS_URL: redisUrl ?? '',
      EVENTSTORE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
    };
    const processes: WorkersProcess[] = [];
    const start = () => {
      const worker = startWorkersProcess(env);
      processes.push(worker);
      cleanups.push(() => worker.kill());
      return worker;
    };
    const first = start();
    await first.ready;
    await request();

    // The workers' reactor queues the run; kill the process once it reports printing.
    let stage: string | undefined;
    while (stage !== 'printing') {
      const info = await jobs.inspect(renderPdfJob, requestId);
      expect(info?.state, 'the run was killed before it finished').not.toBe('completed');
      stage = info?.progress?.stage;
      await sleep(20);
    }
    await first.kill();
    expect((await readPdfRequest(store, requestId)).rendered, 'nothing was stored before the kill').toBeNull();

    const second = start();
    await second.ready;
    while (!(await readPdfRequest(store, requestId)).rendered) await sleep(200);
    await sleep(1500); // room for a second rendering to show
    const events = await store.readStream(pdfStream(requestId));
    expect(events.filter((e) => e.type === 'PdfRendered')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PdfFailed')).toHaveLength(0);
    const stored = await filesUnder(path.join(dataDir, 'media'));
    expect(stored).toHaveLength(1);
    const rendered = (await readPdfRequest(store, requestId)).rendered!;
    expect(path.basename(stored[0]!)).toContain(rendered.hash);

    const file = path.join(dataDir, 'edition.pdf');
    await fs.writeFile(file, await fs.readFile(stored[0]!));
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    expect(text).toContain('Phrase 600 : la lampe brûle bas dans la vallée.');
    expect(text).toContain('Gloss on sentence 600');
    expect(text).toContain(SANSKRIT_LINE);
    expect(rendered.pages).toBeGreaterThan(50);
    const pngBase = path.join(os.tmpdir(), `epos-pdf-kill-page-${process.pid}`);
    await run('pdftoppm', ['-f', '4', '-l', '4', '-png', '-r', '110', '-singlefile', file, pngBase]);
    console.log(`PDF page rendered to PNG: ${pngBase}.png (${rendered.pages} pages, ${rendered.size} bytes)`);
    const errors = processes.flatMap((p) => p.lines.filter((l) => (l.level ?? 0) >= 50));
    expect(errors).toEqual([]);
  });
});

describe('pdf.render without Chromium', () => {
  it('without Chromium, records PdfFailed with the reason at once and logs it', { timeout: 300_000 }, async () => {
    const { testDb, store, progress, requestId, request } = await poemWithRequest(3);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url, CHROMIUM_PATH: '/nonexistent/chromium' });
    const { logger, lines } = capturingLogger('info');
    const jobs = createJobQueue({ databaseUrl: testDb.url, logger });
    const media = createMediaStorage({ dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'epos-pdf-none-')) });
    const workers = await startWorkers({
      jobs,
      logger,
      handlers: [renderPdfHandler({ config, database: testDb.database, store, jobs, logger, progress, media, mail: null as never })],
    });
    cleanups.push(() => workers.stop());
    await request();
    await jobs.enqueue(renderPdfJob, { requestId, part, options }, { jobId: requestId });
    while (!(await readPdfRequest(store, requestId)).failed) await sleep(100);
    const state = await readPdfRequest(store, requestId);
    expect(state.failed).toMatch(/^Chromium was not found at CHROMIUM_PATH=\/nonexistent\/chromium/);
    expect(state.rendered).toBeNull();
    expect(lines.some((l) => l.level === 50 && l.msg === 'PDF editions cannot be printed: Chromium is missing')).toBe(true);
  });
});
