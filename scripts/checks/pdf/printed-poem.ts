import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner } from '@epos/platform';
import { createMediaStorage } from '@epos/platform/storage/index';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { EventRegistry, eventCatalog, pdfOptionsSchema, SYSTEM_ACTOR, type PdfOptions, type PdfPart } from '@epos/schemas';
import { allProjections } from '@epos/projections';
import { pdfPartContent, type PdfPartContent } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
// The real importer, so the fixtures are placed (stanzas, joined lines) exactly as an import places them.
import { importPoem } from '@epos/api/poem/import/import-poem';
import { PdfBrowser } from '@epos/workers/pdf/browser';
import { renderEdition } from '@epos/workers/pdf/render-edition';

const run = promisify(execFile);

export interface PoemPrinter {
  /** Prints a part of the imported poem to a PDF file in a temporary folder; gives its path and the content it printed. */
  print(part: PdfPart, options?: Partial<PdfOptions>): Promise<{ file: string; content: PdfPartContent; pages: number }>;
  close(): Promise<void>;
}

/** A fresh database with the projections running, `text` (the plain-text poem format) imported into it, and a Chromium to print with. */
export async function poemPrinter(text: string): Promise<PoemPrinter> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer().catch((error: unknown) => console.error('cleanup failed', error));
  };
  try {
    const logger = createLogger('silent', 'pdf-test');
    const testDb = await newTestDatabase();
    closers.push(() => testDb.drop());
    const store = new PostgresEventStore(testDb.database, new EventRegistry(eventCatalog), { pollIntervalMs: 50 });
    closers.push(() => store.close());
    const runner = new ProjectionRunner({ database: testDb.database, store, logger, projections: allProjections });
    await runner.start();
    closers.push(() => runner.stop());
    const progress = new ProjectionProgress(testDb.database, store);
    await progress.start();
    closers.push(() => progress.close());
    const readModel = () => progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const report = await importPoem({ store, progress, readModel }, { fileName: 'poem.txt', content: text, cause: { actor: SYSTEM_ACTOR }, confirmed: true });
    if (report.position !== null) await progress.waitFor(report.position, { names: [POEM_PROJECTION], timeoutMs: 60_000 });
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-pdf-verse-'));
    closers.push(() => fs.rm(folder, { recursive: true, force: true }));
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url });
    const browser = new PdfBrowser(config.CHROMIUM_PATH, logger);
    closers.push(() => browser.close());
    const media = createMediaStorage({ dataDir: folder });
    let printed = 0;
    return {
      async print(part, options = {}) {
        const gathered = await pdfPartContent(await readModel(), part);
        if (!gathered) throw new Error(`no such part in the poem: ${JSON.stringify(part)}`);
        const rendered = await renderEdition(
          { config, store, logger, media, browser },
          { part, options: pdfOptionsSchema.parse(options), content: gathered.content },
        );
        const file = path.join(folder, `edition-${++printed}.pdf`);
        await fs.writeFile(file, rendered.bytes);
        return { file, content: gathered.content, pages: rendered.pages };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What pdftotext reads on each page (pages split at form feeds), with -layout when asked. */
export async function pdfPagesText(file: string, layout = false): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), file, '-'], { maxBuffer: 256 * 1024 * 1024 });
  const pages = stdout.split('\f');
  if (pages.at(-1) === '') pages.pop();
  return pages;
}

export interface TextLine {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const attr = (tag: string, name: string) => Number(new RegExp(`${name}="([-0-9.]+)"`).exec(tag)?.[1]);
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The lines pdftotext finds on each page, with their boxes (points from the page's top left). */
export async function pdfTextLines(file: string): Promise<TextLine[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-bbox-layout', file, '-'], { maxBuffer: 256 * 1024 * 1024 });
  const lines: TextLine[] = [];
  stdout
    .split('<page ')
    .slice(1)
    .forEach((page, index) => {
      for (const match of page.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
        const words = [...match[2]!.matchAll(/<word [^>]*>([\s\S]*?)<\/word>/g)].map((w) => unescape(w[1]!));
        const tag = match[1]!;
        lines.push({
          page: index + 1,
          text: words.join(' '),
          xMin: attr(tag, 'xMin'),
          yMin: attr(tag, 'yMin'),
          xMax: attr(tag, 'xMax'),
          yMax: attr(tag, 'yMax'),
        });
      }
    });
  return lines;
}

/** The fonts of a PDF as pdffonts lists them: name, type and whether embedded. */
export async function pdfFonts(file: string): Promise<{ name: string; type: string; embedded: boolean }[]> {
  const { stdout } = await run('pdffonts', [file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cells = l.trim().split(/\s+/);
      // name type [subtype words] encoding emb sub uni object ID: the three yes/no columns sit before the object number.
      const emb = cells.at(-5);
      return { name: cells[0]!, type: cells[1]!, embedded: emb === 'yes' };
    });
}
