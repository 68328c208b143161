import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a step waits for its element or navigation: a bound against a hang, not a measure of
 * speed (Playwright's 30 s default was not always enough on a 2-core CI machine running two test streams).
 */
const STEP_TIMEOUT_MS = 90_000;

function patient(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  return context;
}

/** Headless Chromium (the Debian package's, or CHROMIUM_PATH), as the browser tests and the benchmarks drive it. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => patient(await newContext(options));
  return browser;
}
