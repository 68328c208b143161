/**
 * npm run bench:pdf — PDF editions' budgets (issue 20) over the 25,000-sentence poem: a canto with
 * every option in < 10 s, a whole book (about 2,000 sentences) in < 60 s. The poem comes in by the
 * import tool; every sentence of book 1 then gets all six translations (Devanagari, Odia and
 * Chinese among them), both notes, a reason, a commentary layer and, one in twenty, a painting.
 * Each edition is printed as the `pdf.render` job does it (gathering, typesetting, printing,
 * storing) with one Chromium reused across editions; the first launch is reported apart.
 * Env: DATABASE_URL (else an embedded PostgreSQL), BENCH_SENTENCES (25000), CHROMIUM_PATH.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner, type NewEvent, type Projection } from '@epos/platform';
import { LocalFolderStorage } from '@epos/platform/storage/index';
import { EventRegistry, eventCatalog, POEM_STREAM, pdfOptionsSchema, sentenceStream, SYSTEM_ACTOR, type PdfPart } from '@epos/schemas';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { poemProjection } from '@epos/projections/poem/poem-projection';
import { pdfPartContent } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { PdfBrowser } from '@epos/workers/pdf/browser';
import { renderEdition } from '@epos/workers/pdf/render-edition';
import { benchDatabase } from './bench-database.js';
import { importGeneratedPoem } from './poem/import-process.js';
import { NOTE_WORDS } from './admin/seed.js';

const SENTENCES = Number(process.env.BENCH_SENTENCES ?? 25_000);
const report = (name: string, value: string) => console.log(`${name.padEnd(60)} ${value}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

console.log(
  `${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the start`,
);
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const logger = createLogger('warn', 'bench-pdf');
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: bench.url, CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-pdf-'));
const media = new LocalFolderStorage(path.join(dir, 'media'));
const browser = new PdfBrowser(config.CHROMIUM_PATH, logger);
const random = seededRandom(20);
const words = (n: number) => Array.from({ length: n }, () => NOTE_WORDS[Math.floor(random() * NOTE_WORDS.length)]).join(' ');
const SCRIPTS = { sa: 'क्षत्रिय द्वन्द्व श्रीअरविन्द दीपः', hi: 'हे संध्या के दीपक प्रकाश', or: 'ପ୍ରଦୀପ କ୍ଷୀଣ ଆଲୋକ', zh: '灯火低垂，长夜聚拢。' } as const;
let runner: ProjectionRunner | null = null;

try {
  let started = performance.now();
  await importGeneratedPoem(bench.url, dir, SENTENCES);
  report(`seed: a ${SENTENCES}-sentence poem imported`, seconds(performance.now() - started));

  runner = new ProjectionRunner({ database: bench.database, store, projections: [poemProjection as Projection], logger });
  await runner.start();
  await progress.waitFor(await store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 1_800_000 });
  const poem = await progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const book1 = await poem.selectFrom('sentences').select(['id', 'canto']).where('book', '=', 1).orderBy('ord').execute();
  started = performance.now();
  await store.append(POEM_STREAM, [{ type: 'CommentaryLayerDefined', data: { key: 'study', label: 'Study notes', author: 'An editor', order: 0 } }], {
    expectedRevision: 'any',
    cause: { actor: SYSTEM_ACTOR },
  });
  for (let from = 0; from < book1.length; from += 300) {
    const appends = book1.slice(from, from + 300).map(({ id }, k) => {
      const events: NewEvent[] = [
        { type: 'TranslationSet', data: { sentence: id, lang: 'fr', lines: [words(9), words(8)] } },
        { type: 'TranslationSet', data: { sentence: id, lang: 'de', lines: [words(9), words(8)] } },
        ...(['sa', 'hi', 'or', 'zh'] as const).map((lang) => ({ type: 'TranslationSet', data: { sentence: id, lang, lines: [SCRIPTS[lang], SCRIPTS[lang]] } })),
        { type: 'SentenceFieldSet', data: { sentence: id, field: 'motherNote', value: words(30) } },
        { type: 'SentenceFieldSet', data: { sentence: id, field: 'aurobindoNote', value: words(25) } },
        { type: 'SentenceFieldSet', data: { sentence: id, field: 'reason', value: words(15) } },
        { type: 'CommentarySet', data: { sentence: id, layer: 'study', text: words(40) } },
      ];
      if ((from + k) % 20 === 0)
        events.push({
          type: 'SentenceMediaSet',
          data: { sentence: id, kind: 'painting', items: [{ url: '/media/demo/lamp-painting.jpg', title: 'The lamp' }] },
        });
      return { streamId: sentenceStream(id), expectedRevision: 'stream_exists' as const, events };
    });
    await store.appendMany(appends, { cause: { actor: SYSTEM_ACTOR } });
  }
  await progress.waitFor(await store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 1_800_000 });
  report(`seed: every layer on book 1's ${book1.length} sentences`, seconds(performance.now() - started));

  started = performance.now();
  await browser.print(`data:text/html,${encodeURIComponent('<p>warm</p>')}`, { headerTemplate: '<span></span>', footerTemplate: '<span></span>' });
  report('Chromium started (once per worker process) and a first page printed', seconds(performance.now() - started));

  const options = pdfOptionsSchema.parse({
    translations: ['sa', 'hi', 'fr', 'de', 'or', 'zh'],
    motherNote: true,
    aurobindoNote: true,
    reason: true,
    commentary: ['study'],
    paintings: true,
    scansion: true,
  });
  const cantoSentences = book1.filter((s) => s.canto === 1).length;
  const editions: { name: string; part: PdfPart; budgetMs: number }[] = [
    { name: `canto 1 of book 1 (${cantoSentences} sentences), every option`, part: { typeOf: 2, book: 1, canto: 1 }, budgetMs: 10_000 },
    { name: `canto 2 of book 1, every option (Chromium warm)`, part: { typeOf: 2, book: 1, canto: 2 }, budgetMs: 10_000 },
    { name: `book 1 (${book1.length} sentences), every option`, part: { typeOf: 1, book: 1 }, budgetMs: 60_000 },
  ];
  let over = 0;
  for (const edition of editions) {
    const t0 = performance.now();
    const gathered = (await pdfPartContent(poem, edition.part))!;
    const gathering = performance.now() - t0;
    const rendered = await renderEdition({ config, store, logger, media, browser }, { part: edition.part, options, content: gathered.content });
    const t1 = performance.now();
    const stored = await media.put(rendered.bytes);
    const storing = performance.now() - t1;
    const total = performance.now() - t0;
    if (total > edition.budgetMs) over++;
    report(
      edition.name,
      `${seconds(total)} (budget ${seconds(edition.budgetMs)}${total > edition.budgetMs ? ', OVER' : ''}): gathering ${seconds(gathering)}, typesetting ${seconds(rendered.timings.typesetting)}, printing ${seconds(rendered.timings.printing)}, joining ${seconds(rendered.timings.joining)}, storing ${seconds(storing)}; ${rendered.pages} pages, ${(stored.size / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  if (over > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await runner?.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
