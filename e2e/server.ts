import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../scripts/testkit/browser.js';
import { afterAll, beforeAll, inject } from 'vitest';
import { startSite as startSiteProcess, type SiteProcess } from '../scripts/testkit/site-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type RunningSite = SiteProcess;

/**
 * The site's compiled build (`npm run start:prod`, built by ./global-setup.ts) on a throw-away copy
 * of a migrated data folder: the whole site as `npm start` runs it (built apps, its embedded
 * PostgreSQL), less tsx, initdb and the migrations on every start.
 */
const siteOptions = () => ({ env: { LOG_LEVEL: 'warn' }, compiled: true, template: inject('siteTemplate') });

/** The whole site with its demo content. */
export const startSite = (): Promise<SiteProcess> => startSiteProcess(siteOptions());

/**
 * The whole site on a throw-away data folder holding only `content` (a poem file named `fileName`,
 * imported with `npm run import` before the site starts, so no demo poem is seeded).
 */
export const startSiteWithPoem = (fileName: string, content: string): Promise<SiteProcess> => startSiteWithPoemAnd(fileName, content).then(({ site }) => site);

const run = promisify(execFile);
const tool = (script: string, args: readonly string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], { cwd: root, env });

/**
 * The whole site on a throw-away data folder holding only `content` (a poem file named `fileName`,
 * imported with `npm run import` before the site starts, so no demo poem is seeded). With `account`,
 * also an account made as an operator makes one (`npm run create-admin`): its one-time link to set
 * a password (a path on the site) is answered.
 */
async function startSiteWithPoemAnd(
  fileName: string,
  content: string,
  account?: { readonly userName: string; readonly email: string },
): Promise<{ site: SiteProcess; setPasswordPath: string | null }> {
  let setPasswordPath: string | null = null;
  const site = await startSiteProcess({
    ...siteOptions(),
    prepare: async (env) => {
      const file = path.join(env.DATA_DIR!, fileName);
      fs.writeFileSync(file, content);
      await tool('scripts/poem/import.ts', [file], env);
      if (!account) return;
      const { stdout } = await tool('scripts/accounts/create-admin.ts', [account.userName, account.email], env);
      const link = /https?:\/\/\S+\/reset-password\?\S+/u.exec(stdout)?.[0];
      if (!link) throw new Error(`create-admin printed no link: ${stdout}`);
      const url = new URL(link);
      setPasswordPath = `${url.pathname}${url.search}`;
    },
  });
  return { site, setPasswordPath };
}

/** A site with a poem and a reader (an admin) whose password is set once through the operator's one-time link, as its owner would. */
export async function startSiteWithReader(
  fileName: string,
  content: string,
  reader: { readonly userName: string; readonly email: string; readonly password: string },
  browser: Browser,
): Promise<SiteProcess> {
  const { site, setPasswordPath } = await startSiteWithPoemAnd(fileName, content, reader);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${site.base}${setPasswordPath!}`);
  await page.locator('input[name="new-password"]').fill(reader.password);
  await page.locator('input[name="repeat-password"]').fill(reader.password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  // The server's answer, not the page's "Back to log in" link, which is there before it.
  await page.locator('#main').getByText('Your password has been changed').waitFor();
  await page.context().close();
  return site;
}

/** Presses Tab until the `name`d control (by its label, text or aria-label) has focus, at most `limit` times. */
export async function tabTo(page: Page, name: RegExp, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''} ${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''}` : '';
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Signs `userName` in through the login form, and waits until the site has moved on from it. */
export async function logIn(site: { readonly base: string }, page: Page, userName: string, password: string): Promise<void> {
  await page.goto(`${site.base}/login`);
  await page.locator('input[name="username"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export { launchBrowser };

/**
 * A fresh page at `pathname` on a context of its own, watched as hydration is: the console's errors
 * and the page's (`problems`), and its layout shifts from the first paint (`layoutShift`).
 */
export async function openWatched(
  browser: Browser,
  site: { readonly base: string },
  pathname: string,
  options: BrowserContextOptions,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${site.base}${pathname}`);
  return { page, problems };
}

/** The page's cumulative layout shift since it was loaded (by `openWatched`), inputs aside. */
export async function layoutShift(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}

export const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** A fresh page on its own context. CSP bypass only so axe-core can be injected; the app itself runs under the site's CSP. */
async function openPage(browser: Browser, site: RunningSite, pathname: string): Promise<Page> {
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
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }
    ).axe.run();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  });
}

/**
 * Axe's serious violations once the console has no request in flight (its loading spinner is unnamed
 * and transient) and its transitions have ended (a notification fading in has half its contrast).
 */
export async function violationsWhenIdle(page: Page): Promise<string[]> {
  await page.getByRole('progressbar').first().waitFor({ state: 'hidden' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return seriousViolations(page);
}
