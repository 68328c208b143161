import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

/**
 * Not-found pages (issue 34): each says what was not found, under the spec's message (section 8),
 * and offers the way on: search, the poem's contents, the blogs, and the nearest place there is.
 */

const site = useSiteInBrowser();
/** Where the screenshots go when EPOS_SCREENSHOTS names a folder (to look at them, not to compare). */
const SHOTS = process.env.EPOS_SCREENSHOTS;

const COMMON_WAYS: readonly [string, string][] = [
  ['Search the site', '/search'],
  ['Home: the poem’s contents', '/'],
  ['The blogs', '/blogs'],
];

interface Case {
  readonly path: string;
  readonly heading: string;
  readonly what: string;
  /** The nearest ways on, before the common ones. */
  readonly ways: readonly [string, string][];
}

/** A user id no one has. */
const NO_ONE = '00000000-0000-4000-8000-000000000000';

const LOOKUP: [string, string] = ['Look up a sentence or line', '/lookup'];

const cases: readonly Case[] = [
  { path: '/no-such-page', heading: 'Not Found', what: 'There is no page at this address.', ways: [] },
  { path: '/99999', heading: 'Not Found', what: 'There is no sentence 99999 in the poem.', ways: [LOOKUP] },
  { path: '/1/1/99', heading: 'No book found', what: 'Book 1, canto 1, section 99 is not in the poem’s First edition.', ways: [LOOKUP] },
  { path: '/9/1/1/revised', heading: 'No book found', what: 'Book 9, canto 1, section 1 is not in the poem’s Revised edition.', ways: [LOOKUP] },
  { path: '/s/99999', heading: 'No sentence has this permanent link', what: 'The permanent link /s/99999 leads to no sentence of the poem.', ways: [LOOKUP] },
  {
    path: '/blogs/reading-notes/no-such-post',
    heading: 'Not Found',
    what: 'There is no post “no-such-post” in the blog “reading-notes”.',
    ways: [['The blog “reading-notes”', '/blogs/reading-notes']],
  },
  { path: `/user/${NO_ONE}`, heading: 'Not Found', what: `There is no author “${NO_ONE}”.`, ways: [] },
  // not even a user id: nothing there either
  { path: '/user/no-such-author', heading: 'Not Found', what: 'There is no author “no-such-author”.', ways: [] },
];

/** The ways-on links as [name, path], in order. */
async function waysOn(page: Page): Promise<[string, string][]> {
  const links = page.getByRole('navigation', { name: 'Ways on' }).getByRole('link');
  return links.evaluateAll((anchors) => anchors.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname] as [string, string]));
}

describe('a page that was not found', () => {
  it.each(cases)('$path says what was not found and links onward', async ({ path, heading, what, ways }) => {
    const page = await site.open(path);
    const title = page.getByRole('heading', { level: 1, name: heading, exact: true });
    await title.waitFor();
    expect(await page.getByText(what, { exact: true }).isVisible()).toBe(true);
    expect(await waysOn(page)).toEqual([...ways, ...COMMON_WAYS]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('goes on from a missing section to the search, in the page', async () => {
    const page = await site.open('/1/1/99');
    await page.getByRole('heading', { name: 'No book found' }).waitFor();
    if (SHOTS !== undefined) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: path.join(SHOTS, 'not-found-1280.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: path.join(SHOTS, 'not-found-390-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Search the site' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('searchbox').first().waitFor();
    await page.close();
  });
});
