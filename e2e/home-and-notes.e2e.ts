import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

/** A page at this width (a phone's 360 px or a desktop's 1,280 px), on a context of its own. */
async function openAt(width: number, pathname: string): Promise<Page> {
  const page = await site.open('/api/health');
  await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
  await page.goto(`${site.base}${pathname}`);
  return page;
}

/** Layout shift so far (CLS as the browser reports it, without shifts right after input), and what moved. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node;
              moved.push(`${entry.value.toFixed(3)} ${node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName)}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );

/** Axe finds nothing serious in the light theme, nor in the dark one. */
async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Saves a note as the signed-in reader through the API, as the notes dialog does. */
async function saveNote(page: Page, sentence: number, content: string): Promise<void> {
  const answer = await page.evaluate(
    async ({ sentence, content }) => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      const response = await fetch('/postdata/myNotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ Content: content, Sentencenumber: sentence, Rtype: 'note' }),
      });
      // As the app does after its own writes: read once the notes' read model has this write.
      const position = response.headers.get('x-position');
      if (position) await fetch('/api/my/notes', { headers: { 'x-consistent-after': position } });
      return (await response.json()) as { type: number };
    },
    { sentence, content },
  );
  expect(answer.type).toBe(1);
}

const readers = { 360: ['reader', 'demo-reader-password'], 1280: ['blogger', 'demo-blogger-password'] } as const;

describe.each([360, 1280] as const)('at %i px', (width) => {
  it('the home page shows the poem, its contents, recent posts and the blogs, with no layout shift', async () => {
    const page = await openAt(width, '/');
    await page.getByRole('heading', { level: 1, name: 'The Lamp of Evening' }).waitFor();
    await page.getByText('by The Epos demo').waitFor();
    await page.getByText(/^A short epic in blank verse/).waitFor();
    await page.getByText(/^Read it in three editions/).waitFor();
    const contents = page.getByRole('region', { name: 'Contents' });
    await contents.getByRole('heading', { name: /The Kindling/ }).waitFor();
    await contents.getByRole('heading', { name: /The Crossing|Book 2/ }).waitFor();
    expect(await contents.getByRole('link').count()).toBe(4);
    const recent = page.getByRole('region', { name: 'Recent posts' });
    await recent.getByRole('link').first().waitFor();
    expect(await recent.getByRole('link').count()).toBeGreaterThan(0);
    const blogs = page.getByRole('region', { name: 'Blogs' });
    await blogs.getByRole('link', { name: 'Reading Notes' }).waitFor();
    await blogs.getByRole('link', { name: 'Evening Letters' }).waitFor();
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join('; ')).toBeLessThan(0.05);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessibleInBothThemes(page);

    await contents
      .getByRole('link', { name: /Canto 2/ })
      .first()
      .click();
    await page.waitForURL(`${site.base}/1/2/1`);
    await page.locator('.verse-line').first().waitFor();
    await page.close();
  });

  it('"Continue reading" goes back to the section last read', async () => {
    const page = await openAt(width, '/');
    await page.getByRole('link', { name: 'Start reading' }).waitFor();
    await page.goto(`${site.base}/2/1/2/revised`);
    await page.locator('.verse-line').first().waitFor();
    await page.goto(`${site.base}/`);
    const resume = page.getByRole('link', { name: 'Continue reading' });
    await resume.waitFor();
    await page.getByText('The Crossing · The Road Beneath No Stars · The Ferryman').waitFor();
    await resume.click();
    await page.waitForURL(`${site.base}/2/1/2/revised`);
    await page.locator('.verse-line').first().waitFor();
    await page.close();
  });

  it("My notes lists, filters and downloads a reader's notes", async () => {
    const anonymous = await openAt(width, '/my/notes');
    await anonymous.getByRole('link', { name: 'Log in' }).last().click();
    await anonymous.waitForURL(/\/login\?ReturnUrl=%2Fmy%2Fnotes$/);
    await anonymous.close();

    const page = await openAt(width, '/');
    const [user, password] = readers[width];
    await logIn(site, page, user, password);
    await saveNote(page, 3, `The keeper counts the stars, as in ||12|| (${width}).`);
    await saveNote(page, 40, 'Ilvara crosses the river.');

    await page.goto(`${site.base}/account`);
    await page.getByRole('link', { name: 'My notes' }).last().click();
    await page.waitForURL(`${site.base}/my/notes`);
    await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
    const notes = page.getByTestId('my-note');
    await expect.poll(() => notes.count()).toBe(2);
    await page.getByText('2 notes', { exact: true }).waitFor();
    expect(await notes.getByRole('link', { name: 'Sentence 3', exact: true }).getAttribute('href')).toBe('/1/1/1#s3');
    expect(await notes.getByRole('link', { name: 'Sentence 40', exact: true }).getAttribute('href')).toMatch(/^\/2\/\d\/\d#s40$/);
    expect(await notes.getByRole('link', { name: '12', exact: true }).getAttribute('href')).toBe('/12');
    await notes.first().getByText('note ·').waitFor();
    await expectAccessibleInBothThemes(page);

    await page.getByLabel('Search my notes').fill('RIVER');
    await expect.poll(() => notes.allTextContents()).toEqual([expect.stringContaining('Ilvara crosses the river.')]);
    await page.getByText('1 note containing “RIVER”').waitFor();
    await page.getByLabel('Search my notes').fill('');
    await expect.poll(() => notes.count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as markdown' }).click()]);
    expect(download.suggestedFilename()).toBe('my-notes.md');
    const markdown = fs.readFileSync((await download.path())!, 'utf8');
    expect(markdown).toMatch(/^# My notes on The Lamp of Evening\n\n2 notes, as of /);
    expect(markdown).toContain(`The keeper counts the stars, as in [12](`);
    expect(markdown).toContain('Ilvara crosses the river.');
    expect(markdown.indexOf('Sentence 3]')).toBeLessThan(markdown.indexOf('Sentence 40]'));

    // My study lists the same notes beside the reader's highlights, bookmarks, reading and plans.
    await page.goto(`${site.base}/my/study#notes`);
    await page.getByRole('button', { name: 'Notes', pressed: true }).waitFor();
    await expect.poll(() => notes.count()).toBe(2);
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/my-study-notes-${width}.png`, fullPage: true });

    await notes.getByRole('link', { name: 'Sentence 3', exact: true }).click();
    await page.waitForURL(`${site.base}/1/1/1#s3`);
    await page.close();
  });
});
