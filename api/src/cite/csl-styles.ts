import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { CitationStyle } from '@epos/schemas/cite/responses';
import type { CslItem } from './csl-item.js';

type Citeproc = typeof import('@citeproc-rs/wasm/_web/citeproc_rs_wasm.js');
type Driver = InstanceType<Citeproc['Driver']>;
/** The web build is an ES module in a CommonJS package: TypeScript takes its default export for the whole module; it is `init`. */
type WebBuild = Omit<Citeproc, 'default'> & { default: (wasm: Buffer) => Promise<unknown> };

const STYLE_FILES: Record<CitationStyle, string> = {
  mla: 'modern-language-association.csl',
  chicago: 'chicago-fullnote-bibliography.csl',
  apa: 'apa.csl',
};
const STYLES_DIR = path.join(import.meta.dirname, 'styles');

export interface Formatted {
  text: string;
  html: string;
}

/**
 * The CSL styles (styles/README.md) with their processor, citeproc-rs compiled to WebAssembly: compiled
 * once, asynchronously (its synchronous build would hold the event loop for most of a second), on the
 * first citation asked for; each style parsed once, then every item formatted by the same drivers.
 */
export class CslStyles {
  private drivers: Promise<Record<CitationStyle, { text: Driver; html: Driver }>> | null = null;

  private async load(): Promise<Record<CitationStyle, { text: Driver; html: Driver }>> {
    const citeproc = (await import('@citeproc-rs/wasm/_web/citeproc_rs_wasm.js')) as unknown as WebBuild;
    const wasm = createRequire(import.meta.url).resolve('@citeproc-rs/wasm/_web/citeproc_rs_wasm_bg.wasm');
    await citeproc.default(await readFile(wasm));
    const entries = await Promise.all(
      (Object.keys(STYLE_FILES) as CitationStyle[]).map(async (style) => {
        const xml = await readFile(path.join(STYLES_DIR, STYLE_FILES[style]), 'utf8');
        const driver = (format: 'plain' | 'html') => new citeproc.Driver({ style: xml, format, formatOptions: { linkAnchors: true } });
        return [style, { text: driver('plain'), html: driver('html') }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<CitationStyle, { text: Driver; html: Driver }>;
  }

  /** The item's bibliography entry in each style, as text and as HTML. */
  async format(item: CslItem): Promise<Record<CitationStyle, Formatted>> {
    this.drivers ??= this.load().catch((error: unknown) => {
      this.drivers = null;
      throw error;
    });
    const drivers = await this.drivers;
    const entry = (driver: Driver) => {
      driver.resetReferences([item]);
      driver.includeUncited('All');
      const [first] = driver.makeBibliography() as { id: string; value: string }[];
      if (first === undefined) throw new Error(`no bibliography entry for ${item.id}`);
      return first.value;
    };
    return Object.fromEntries(
      (Object.keys(drivers) as CitationStyle[]).map((style) => [style, { text: entry(drivers[style].text), html: entry(drivers[style].html) }]),
    ) as Record<CitationStyle, Formatted>;
  }
}
