import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function openAt(pathname: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await site.open('/');
  await page.setViewportSize(viewport);
  await page.goto(`${site.base}${pathname}`);
  return page;
}

/** Every top-level destination, reached from the navigation as a reader would (through "Menu" on a phone). */
async function visitEveryDestination(page: Page, viaMenu: boolean) {
  const destinations: [string, RegExp][] = [
    ['Read', /\/1\/1\/1/],
    ['Look up', /\/lookup$/],
    ['Blogs', /\/blogs$/],
    ['My account', /\/account$/],
    ['Home', /\/$/],
  ];
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, url] of destinations) {
    if (viaMenu) await nav.getByRole('button', { name: 'Menu' }).click();
    const link = nav.getByRole('link', { name, exact: true });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(url);
    // the menu folds away after a choice
    if (viaMenu) await expect.poll(() => nav.getByRole('link', { name: 'Blogs', exact: true }).isVisible()).toBe(false);
  }
}

describe('the navigation', () => {
  it('on a 360 px phone, reaches every destination through the menu button', async () => {
    const page = await openAt('/', PHONE);
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Blogs', exact: true }).isVisible()).toBe(false);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await visitEveryDestination(page, true);
    // Escape closes the menu and gives focus back to its button
    const button = nav.getByRole('button', { name: 'Menu' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    await page.close();
  });

  it('at 1,280 px, shows every destination in one row, without a menu button', async () => {
    const page = await openAt('/', DESKTOP);
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/`);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await visitEveryDestination(page, false);
    await page.close();
  });
});

describe('reading on a desktop', () => {
  it('shows the verse first at 1,280 × 800 px, with the controls in a side panel the bar can fold away', async () => {
    const page = await openAt('/1/1/1', DESKTOP);
    const line = page.locator('.poem-section .verse-line').first();
    await line.waitFor();
    const box = (await line.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(DESKTOP.height / 3);
    expect(await page.getByLabel('Edition').isVisible()).toBe(true);
    const settings = page.getByRole('button', { name: 'Settings' });
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await settings.click();
    await expect.poll(() => page.getByLabel('Edition').isVisible()).toBe(false);
    // folded away, it stays so on the next visit (and opens again from the bar)
    await page.reload();
    await line.waitFor();
    expect(await page.getByLabel('Edition').isVisible()).toBe(false);
    await settings.click();
    await expect.poll(() => page.getByLabel('Edition').isVisible()).toBe(true);
    await page.close();
  });
});

describe('reading on a phone', () => {
  it('shows the verse on the first screen, with the controls folded into the bar', async () => {
    const page = await openAt('/1/1/1', PHONE);
    const verse = page.getByText('O Lamp of Evening', { exact: false }).first();
    await verse.waitFor();
    const box = await verse.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThan(PHONE.height);
    expect(await page.getByLabel('Edition').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Settings' }).isVisible()).toBe(true);
    // the bar stays reachable while scrolling
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await page.getByRole('button', { name: 'Settings' }).boundingBox();
    expect(bar!.y).toBeGreaterThanOrEqual(0);
    expect(bar!.y).toBeLessThan(PHONE.height / 4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it('opens the settings sheet, changes the edition in it and closes it', async () => {
    const page = await openAt('/1/1/1', PHONE);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    await page.getByRole('dialog', { name: 'Reading settings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // a modal sheet: Tab and Shift+Tab never leave it
    for (const key of [...Array<string>(30).fill('Tab'), ...Array<string>(5).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('#reader-settings') !== null), key).toBe(true);
    }
    await page.getByLabel('Edition').selectOption('revised');
    await page.waitForURL(`${site.base}/1/1/1/revised`);
    // the sheet stays open while the other edition loads, then closes with "Done"
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByLabel('Edition').isVisible()).toBe(false);
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    // Escape closes it too
    await settings.click();
    await page.keyboard.press('Escape');
    expect(await page.getByLabel('Edition').isVisible()).toBe(false);
    await page.close();
  });

  it('goes to the next section with the bar and back with a swipe, and Read returns there', async () => {
    const page = await openAt('/1/1/1', PHONE);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Next section', exact: true }).click();
    await page.waitForURL(`${site.base}/1/1/2`);
    await page.waitForFunction(() => !document.getElementById('s1') && document.querySelector('.poem-section') !== null);
    const swipe = async (dx: number) =>
      page.evaluate((dx) => {
        const target = document.querySelector('.poem-section')!;
        const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 300 });
        target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200)], changedTouches: [touch(200)] }));
        target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(200 + dx)] }));
      }, dx);
    await swipe(150);
    await page.waitForURL(`${site.base}/1/1/1`);
    await swipe(-150);
    await page.waitForURL(`${site.base}/1/1/2`);
    // "Read" in the menu now goes back to where this reader left off
    await page.goto(`${site.base}/blogs`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Read', exact: true }).click();
    await page.waitForURL(`${site.base}/1/1/2`);
    await page.close();
  });

  it('remembers the translations, works and text size across visits', async () => {
    const page = await openAt('/1/1/1', DESKTOP);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByRole('checkbox', { name: /French/ }).check();
    await page.waitForURL(`${site.base}/1/1/1/centenary`);
    await page.getByLabel('Text size').selectOption('large');
    await page.reload();
    await page.getByText('Ô Lampe du Soir', { exact: false }).first().waitFor();
    expect(await page.getByRole('checkbox', { name: /French/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Text size').inputValue()).toBe('large');
    expect(await page.locator('article.reader').getAttribute('data-text-size')).toBe('large');
    await page.close();
  });

  it('is axe-clean on a phone in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openAt('/1/1/1', PHONE);
      await page.emulateMedia({ colorScheme });
      await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await seriousViolations(page), `${colorScheme}, menu open`).toEqual([]);
      await page.close();
    }
  });
});
