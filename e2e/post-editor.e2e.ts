import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

const BEFORE = 'Before the picture.';
const AFTER = 'After the picture.';

/** A small PNG to upload. */
function picture(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 120, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .png()
    .toBuffer();
}

/** The markdown the editor holds, read from its side-by-side source pane (then back to the rich view). */
async function markdownOf(page: Page): Promise<string> {
  const toggle = page.getByTestId('post-editor-side-by-side');
  await toggle.click();
  const value = await page.getByTestId('post-editor-source').inputValue();
  await toggle.click();
  return value.trim();
}

/** Replaces the post's markdown through the source pane and waits until the rich view shows it. */
async function setMarkdown(page: Page, markdown: string, shows: string): Promise<void> {
  const toggle = page.getByTestId('post-editor-side-by-side');
  await toggle.click();
  await page.getByTestId('post-editor-source').fill(markdown);
  await expect.poll(() => page.getByTestId('post-editor-content').innerText()).toContain(shows);
  await toggle.click();
}

/** The text of each top-level line of the rich view, an image shown as [image], a rule as [rule]. */
function linesOf(page: Page): Promise<string[]> {
  return page
    .getByTestId('post-editor-content')
    .evaluate((root) =>
      Array.from(root.children).map((line) => (line.querySelector('img') ? '[image]' : line.tagName === 'HR' ? '[rule]' : '') + (line.textContent ?? '')),
    );
}

/** A blogger's new post whose body is a line, an uploaded image and a line; its image markdown. */
async function postWithImage(): Promise<{ page: Page; image: string }> {
  const page = await site.open('/');
  await logIn(site, page, 'blogger', 'demo-blogger-password');
  await page.goto(`${site.base}/blogs/reading-notes/new`);
  await page.getByTestId('post-title').fill('Typing around a picture');
  await page.getByTestId('post-series').fill('Practice');
  await page.getByTestId('post-editor-content').click();
  await page.locator('.post-editor-toolbar input[type="file"]').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await picture() });
  await page.getByTestId('post-editor-content').locator('img').waitFor();
  const image = /!\[[^\]]*\]\([^)]*\)/u.exec(await markdownOf(page))?.[0];
  if (image === undefined) throw new Error('no image in the markdown');
  await setMarkdown(page, `${BEFORE}\n\n${image}\n\n${AFTER}`, AFTER);
  return { page, image };
}

async function clickImage(page: Page): Promise<void> {
  await page.getByTestId('post-editor-content').locator('img').click();
  await page.getByTestId('post-editor-content').locator('img[class*="focusedImage"]').waitFor();
}

describe('the post editor around an image, in a real browser', () => {
  it('types after a clicked image, in order, in a new paragraph after it, and saves that', async () => {
    const { page, image } = await postWithImage();
    await clickImage(page);
    await page.keyboard.type('ABC');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, '[image]', 'ABC', AFTER]);
    // As the issue found it: the caret in the text first, then a click on the image.
    await page.getByTestId('post-editor-content').getByText(BEFORE).click();
    await clickImage(page);
    await page.keyboard.type('De');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, '[image]', 'De', 'ABC', AFTER]);
    expect(await markdownOf(page)).toBe(`${BEFORE}\n\n${image}\n\nDe\n\nABC\n\n${AFTER}`);

    await page.getByTestId('post-status-0').check();
    await page.getByTestId('post-save').click();
    await page.waitForURL(/\/blogs\/reading-notes\/typing-around-a-picture$/, { timeout: 10_000 });
    const content = page.getByTestId('post-content');
    await content.locator('img').waitFor();
    const published = await content.evaluate((root) =>
      Array.from(root.querySelectorAll('p')).map((p) => (p.querySelector('img') ? '[image]' : '') + (p.textContent ?? '')),
    );
    expect(published).toEqual([BEFORE, '[image]', 'De', 'ABC', AFTER]);
    await page.close();
  });

  it('leaves a clicked image with the arrow keys: back to the end of the line before, on to the start of the line after', async () => {
    const { page, image } = await postWithImage();
    await clickImage(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('X');
    await clickImage(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('Y');
    await clickImage(page);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type('U');
    await clickImage(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('D');
    await expect.poll(() => linesOf(page)).toEqual([`${BEFORE}XU`, '[image]', `DY${AFTER}`]);
    expect(await markdownOf(page)).toBe(`${BEFORE}XU\n\n${image}\n\nDY${AFTER}`);
    await page.close();
  });

  it('adds a paragraph after a clicked image on Enter, and removes the image on Backspace and on Delete', async () => {
    const { page, image } = await postWithImage();
    await clickImage(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Z');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, '[image]', 'Z', AFTER]);
    expect(await markdownOf(page)).toBe(`${BEFORE}\n\n${image}\n\nZ\n\n${AFTER}`);

    await clickImage(page);
    await page.keyboard.press('Backspace');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, 'Z', AFTER]);
    await page.keyboard.type('!');
    expect(await markdownOf(page)).toBe(`${BEFORE}!\n\nZ\n\n${AFTER}`);

    await setMarkdown(page, `${BEFORE}\n\n${image}\n\n${AFTER}`, AFTER);
    await page.getByTestId('post-editor-content').locator('img').waitFor();
    await clickImage(page);
    await page.keyboard.press('Delete');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, AFTER]);
    await page.keyboard.type('Q');
    expect(await markdownOf(page)).toBe(`${BEFORE}\n\nQ${AFTER}`);
    await page.close();
  });

  it('treats a horizontal rule as it treats an image: typing on it goes to a new paragraph after it', async () => {
    const { page } = await postWithImage();
    await setMarkdown(page, `${BEFORE}\n\n***\n\n${AFTER}`, AFTER);
    await page.getByTestId('post-editor-content').locator('hr').click();
    await page.keyboard.type('ABC');
    await expect.poll(() => linesOf(page)).toEqual([BEFORE, '[rule]', 'ABC', AFTER]);
    expect(await markdownOf(page)).toBe(`${BEFORE}\n\n***\n\nABC\n\n${AFTER}`);
    await page.close();
  });
});

describe('spell checking in the post editor, in a real browser', () => {
  it('accepts British spellings and offers "word" first for "wurd"', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'blogger', 'demo-blogger-password');
    await page.goto(`${site.base}/blogs/reading-notes/new`);
    await page.getByTestId('post-editor-content').click();
    await page.keyboard.type('The misspelt colour of the wurd, realised.');
    const panel = page.getByTestId('post-editor-spelling');
    await expect.poll(async () => (await panel.locator('summary').textContent()) ?? '', { timeout: 15_000 }).toMatch(/Spelling: 1 word/);
    await panel.locator('summary').click();
    expect(await panel.locator('.post-editor-misspelt').allTextContents()).toEqual(['wurd']);
    // Suggestions come with the check, or on asking for them.
    const ask = panel.getByRole('button', { name: 'Suggest' });
    if ((await ask.count()) > 0) await ask.click();
    await expect
      .poll(() =>
        panel
          .getByRole('button', { name: /^Replace wurd with / })
          .first()
          .textContent(),
      )
      .toBe('word');
    await page.close();
  });
});
