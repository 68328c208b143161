import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a step waits for its element or navigation: a bound against a hang, not a measure of
 * speed (Playwright's 30 s default was not always enough on a 2-core CI machine running two test streams).
 */
const STEP_TIMEOUT_MS = 90_000;

/** Whether a page is the app's yet: one the server rendered shows before its code has run, and what is done to it then is lost. */
const appIsOn = () => document.getElementById('epos-data') === null || document.documentElement.dataset.app !== undefined;

/** `goto` and `reload` come back once the page is the app's (reader-ui/src/main.tsx marks it), as a reader's next step would need. */
function waitingForTheApp(page: Page): void {
  for (const name of ['goto', 'reload'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(appIsOn, undefined, { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
      return response;
    };
  }
}

function patient(context: BrowserContext, options: BrowserContextOptions = {}): BrowserContext {
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  if (options.javaScriptEnabled !== false) context.on('page', waitingForTheApp);
  return context;
}

/** Headless Chromium (the Debian package's, or CHROMIUM_PATH), as the browser tests and the benchmarks drive it. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => patient(await newContext(options), options);
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // the page goes with its context, as Playwright's own newPage has it
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}
