import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import type { Config, EventStore, Logger } from '@epos/platform';
import type { MediaStorage } from '@epos/platform/storage/port';
import type { JobProgress } from '@epos/platform/jobs/index';
import type { PdfOptions, PdfPart } from '@epos/schemas';
import type { PdfPartContent } from '@epos/projections/poem/pdf-queries';
import { cantoHeading, cantoHtml, frontMatterHtml, partHeading, type BookHtmlInput } from './book-html.js';
import type { PdfBrowser } from './browser.js';
import { resolveImages } from './images.js';
import { joinParts } from './join-parts.js';
import { pageFurnitureHtml, type PageFurniture } from './page-furniture.js';

export interface RenderedEdition {
  bytes: Buffer;
  pages: number;
  /** Milliseconds spent in each stage. */
  timings: Record<'typesetting' | 'printing' | 'joining', number>;
}

export interface RenderDeps {
  config: Config;
  store: EventStore;
  logger: Logger;
  media: MediaStorage;
  browser: PdfBrowser;
}

async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/**
 * Every page's running head and number: none on the title page, a number alone on the contents
 * and on a canto's opening page (its heading is there), the canto's head on its other pages.
 */
function furnitureOf(frontPages: number, cantos: readonly { canto: number; name: string; pages: number }[], partHead: string): PageFurniture[] {
  const pages: PageFurniture[] = [];
  for (let i = 0; i < frontPages; i++) pages.push({ head: null, number: i === 0 ? null : i + 1 });
  for (const c of cantos) {
    const head = `${partHead} · ${cantoHeading(c.canto, c.name)}`;
    for (let i = 0; i < c.pages; i++) pages.push({ head: i === 0 ? null : head, number: pages.length + 1 });
  }
  return pages;
}

/**
 * Typesets a part's content as HTML (one document for the title page and contents, one per canto,
 * with fonts and paintings beside them in a temporary folder), prints each and joins them.
 */
export async function renderEdition(
  deps: RenderDeps,
  input: { part: PdfPart; options: PdfOptions; content: PdfPartContent },
  report: (progress: JobProgress) => Promise<void> = async () => undefined,
): Promise<RenderedEdition> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'epos-pdf-'));
  try {
    const started = performance.now();
    await report({ percent: 20, stage: 'typesetting' });
    const urls = input.options.paintings
      ? input.content.sentences.flatMap((s) => [...(s.state.media.painting ?? []), ...(s.state.media.sketch ?? [])].map((i) => i.url))
      : [];
    const images = await resolveImages(urls, { media: deps.media, store: deps.store, logger: deps.logger, folder });
    const poemTitle = input.content.title ?? deps.config.POEM_TITLE;
    const typeset: BookHtmlInput = {
      ...input,
      images,
      labels: { motherNote: deps.config.LABEL_MOTHER_NOTE, authorNote: deps.config.LABEL_AUTHOR_NOTE, poemTitle },
    };
    const file = async (name: string, html: string) => {
      const at = path.join(folder, name);
      await writeFile(at, html);
      return pathToFileURL(at).href;
    };
    const cantos = await Promise.all(input.content.cantos.map(async (c) => ({ ...c, url: await file(`canto-${c.canto}.html`, cantoHtml(typeset, c.canto)) })));
    const typesetAt = performance.now();

    const printed: { canto: number; name: string; bytes: Uint8Array; pages: number }[] = [];
    for (const [i, c] of cantos.entries()) {
      await report({
        percent: 25 + Math.round((60 * i) / cantos.length),
        stage: cantos.length > 1 ? `printing canto ${i + 1} of ${cantos.length}` : 'printing',
      });
      const bytes = await deps.browser.print(c.url);
      printed.push({ canto: c.canto, name: c.name, bytes, pages: await pageCount(bytes) });
    }
    // The contents give each canto's first page, which depends on the contents' own length: measured first.
    const startsAfter = (front: number) => {
      const starts = new Map<number, number>();
      let next = front + 1;
      for (const p of printed) {
        starts.set(p.canto, next);
        next += p.pages;
      }
      return starts;
    };
    const draft = await deps.browser.print(await file('front-draft.html', frontMatterHtml(typeset, startsAfter(0))));
    const front = await deps.browser.print(await file('front.html', frontMatterHtml(typeset, startsAfter(await pageCount(draft)))));
    const furniture = await deps.browser.print(
      await file('furniture.html', pageFurnitureHtml(furnitureOf(await pageCount(front), printed, `${poemTitle} · Book ${input.part.book}`))),
    );
    const printedAt = performance.now();

    await report({ percent: 88, stage: 'joining' });
    const joined = await joinParts(
      [{ bytes: front, bookmark: null }, ...printed.map((p) => ({ bytes: p.bytes, bookmark: cantoHeading(p.canto, p.name) }))],
      { title: `${poemTitle} — ${partHeading(input.part)}`, author: input.content.author },
      furniture,
    );
    const joinedAt = performance.now();
    return {
      bytes: Buffer.from(joined.bytes),
      pages: joined.pages,
      timings: { typesetting: typesetAt - started, printing: printedAt - typesetAt, joining: joinedAt - printedAt },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
