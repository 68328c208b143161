import { chromium, type Browser } from 'playwright-core';
import type { Logger } from '@epos/platform';
import { chromiumPresent } from '@epos/platform/pdf/chromium';

/** The configured Chromium is not there (or not executable): PDF editions and share cards cannot be made on this machine. */
export class ChromiumMissingError extends Error {
  constructor(readonly executablePath: string) {
    super(`Chromium was not found at CHROMIUM_PATH=${executablePath}: install Debian's chromium package or point CHROMIUM_PATH at a Chromium executable`);
    this.name = 'ChromiumMissingError';
  }
}

/** A running head and foot in Chromium's templates, or none (the editions stamp their own: page-furniture.ts). */
export type PrintOptions = { headerTemplate: string; footerTemplate: string } | null;

/**
 * One headless Chromium per worker process, started on the first print and reused by every job
 * after; started again if it dies. Each print gets its own context (no state shared between jobs).
 */
export class PdfBrowser {
  private browser: Promise<Browser> | null = null;
  private closed = false;

  constructor(
    private readonly executablePath: string,
    private readonly logger: Logger,
  ) {}

  private async launch(): Promise<Browser> {
    if (!(await chromiumPresent(this.executablePath))) throw new ChromiumMissingError(this.executablePath);
    const browser = await chromium.launch({
      executablePath: this.executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--allow-file-access-from-files',
      ],
      // The process's own shutdown closes it; Playwright's signal handlers would kill it mid-job.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    browser.on('disconnected', () => {
      this.browser = null;
    });
    this.logger.info({ executablePath: this.executablePath, version: browser.version() }, 'Chromium started for PDF editions');
    return browser;
  }

  private async current(): Promise<Browser> {
    if (this.closed) throw new Error('The PDF browser is closed');
    this.browser ??= this.launch().catch((error: unknown) => {
      this.browser = null;
      throw error;
    });
    return this.browser;
  }

  /** Prints the HTML file at `fileUrl` (its fonts and images are file:// URLs beside it) to PDF bytes, pages as its CSS sets them. */
  async print(fileUrl: string, options: PrintOptions = null): Promise<Buffer> {
    const browser = await this.current();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.goto(fileUrl, { waitUntil: 'load', timeout: 120_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
      return await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        ...(options ? { displayHeaderFooter: true, headerTemplate: options.headerTemplate, footerTemplate: options.footerTemplate } : {}),
      });
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  /** A PNG of the HTML file at `fileUrl` at this size in CSS pixels (share cards: workers/src/cards). */
  async capture(fileUrl: string, size: { width: number; height: number }): Promise<Buffer> {
    const browser = await this.current();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true, viewport: size, deviceScaleFactor: 1 });
    try {
      const page = await context.newPage();
      await page.goto(fileUrl, { waitUntil: 'load', timeout: 60_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
      return await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...size } });
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
