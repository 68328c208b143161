import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningSite {
  base: string;
  stop(): Promise<void>;
}

/** The whole site as `npm start` runs it (built apps, demo content), on a throw-away data folder. */
export async function startSite(): Promise<RunningSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-e2e-'));
  fs.chmodSync(dataDir, 0o777);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the site did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

export const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** A fresh page on its own context. CSP bypass only so axe-core can be injected; the app itself runs under the site's CSP. */
export async function openPage(browser: Browser, site: RunningSite, pathname: string): Promise<Page> {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${site.base}${pathname}`);
  return page;
}

/**
 * The site and a browser for the calling test file: started before its tests, stopped after.
 * `open` gives a fresh page at a path.
 */
export function useSiteInBrowser(): { readonly base: string; open(pathname: string): Promise<Page> } {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
  return {
    get base() {
      return site!.base;
    },
    open: (pathname) => openPage(browser!, site!, pathname),
  };
}

/** Serious and critical accessibility violations found by axe-core on the page as it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe.run();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  });
}
