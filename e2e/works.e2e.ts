import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

describe("readers' works", () => {
  it('a reader adds an annotation and a video to a sentence, sees them listed there and on the works pages; axe finds nothing serious', async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/1/1/1`);
    await page.getByRole('button', { name: 'Study tools for sentence 2' }).click();
    await page.getByRole('button', { name: "Readers' works" }).first().click();
    const dialog = page.getByRole('dialog', { name: "Readers' works on sentence 2" });
    await dialog.getByText('Nothing to show').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An annotation in markdown: rendered and sanitised by the server.
    await dialog.getByLabel('Annotation (markdown)').fill('The **valley** at dusk. <img src=x onerror=alert(1)>');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const annotation = dialog.getByTestId('reader-work').filter({ hasText: 'valley' });
    await annotation.waitFor();
    expect(await annotation.locator('strong').textContent()).toBe('valley');
    expect(await annotation.locator('img').count()).toBe(0);

    // A hostile video address is refused, naming the field; a YouTube one is embedded from youtube-nocookie.com.
    await dialog.getByLabel('Kind of work').selectOption('video');
    await dialog.getByLabel('Link').fill('https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Link: / })
      .waitFor();
    await dialog.getByLabel('Caption (optional)').fill('Read aloud');
    await dialog.getByLabel('Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const video = dialog.getByTestId('reader-work').filter({ hasText: 'Read aloud' });
    await video.waitFor();
    // The list has moved to the kind just added.
    expect(await dialog.getByRole('button', { name: 'Video', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await video.locator('iframe').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await seriousViolations(page)).toEqual([]);

    // The author edits and deletes their own works.
    await dialog.getByRole('button', { name: 'Slides', exact: true }).click();
    await dialog.getByText('Nothing to show').waitFor();
    await dialog.getByLabel('Kind of work').selectOption('slps');
    await dialog.getByLabel('Link').fill('https://example.org/slides');
    await dialog.getByLabel('Caption (optional)').fill('Lecture slides');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const slides = dialog.getByTestId('reader-work').filter({ hasText: 'Lecture slides' });
    await slides.waitFor();
    await slides.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Caption (optional)').fill('Lecture slides, revised');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByTestId('reader-work').filter({ hasText: 'Lecture slides, revised' }).waitFor();
    await dialog.getByTestId('reader-work').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByText('Nothing to show').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The works pages by type link each work back to its sentences.
    await page.goto(`${site.base}/works/annotations`);
    await page.getByRole('heading', { level: 1, name: "Readers' works: Annotation" }).waitFor();
    const listed = page.getByTestId('reader-work').filter({ hasText: 'valley' });
    await listed.waitFor();
    expect(await listed.getByRole('link', { name: '2', exact: true }).getAttribute('href')).toBe('/2');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${site.base}/works/video`);
    await page.getByTestId('reader-work').filter({ hasText: 'Read aloud' }).waitFor();

    // The author's public profile lists them too.
    await listed.waitFor({ state: 'detached' });
    await page.getByTestId('reader-work').filter({ hasText: 'Read aloud' }).getByRole('link', { name: /./ }).last().click();
    await page.getByRole('heading', { level: 2, name: 'Works on the poem' }).waitFor();
    await page.getByTestId('reader-work').filter({ hasText: 'valley' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
