import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const { open } = site;

interface AuthorBooks {
  AuthorName: string;
  Urlslug: string;
  AuthorBook: { BookName: string; BookSlug: string }[];
}

/** The demo's first author with a book, and that book, as the API lists them. */
async function demoBook(): Promise<{ author: AuthorBooks; book: { BookName: string; BookSlug: string } }> {
  const authors = (await (await fetch(`${site.base}/api/books`)).json()) as AuthorBooks[];
  const author = authors.find((a) => a.AuthorBook.length > 0);
  if (author === undefined) throw new Error('The demo content has no book');
  return { author, book: author.AuthorBook[0]! };
}

/** Where an element's top is, against the bottom of the sticky navigation. */
const topBelowNav = (page: Page, id: string) =>
  page.evaluate((target) => {
    const element = document.getElementById(target)!;
    const nav = document.querySelector('.site-header')!.getBoundingClientRect();
    return { top: element.getBoundingClientRect().top, navBottom: nav.bottom, viewport: window.innerHeight };
  }, id);

describe('books in a real browser', () => {
  it('lists the authors and their books, opens one, jumps through its contents and goes back', async () => {
    const { author, book } = await demoBook();
    const page = await open('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).click();
    await page.waitForURL(/\/books$/);
    await page.getByRole('heading', { name: author.AuthorName }).waitFor();
    await page.getByRole('link', { name: book.BookName }).click();
    await page.waitForURL(new RegExp(`/books/${author.Urlslug}/${book.BookSlug}$`));
    await page.getByRole('heading', { level: 1, name: book.BookName }).waitFor();
    const content = page.getByTestId('book-content');
    await content.waitFor();

    // Contents: second-level headings with their third-level ones nested.
    const toc = page.getByTestId('book-toc');
    const topLinks = toc.locator(':scope > ol > li > a');
    const nested = toc.locator(':scope > ol > li > ol > li > a');
    expect(await topLinks.count()).toBeGreaterThan(1);
    expect(await nested.count()).toBeGreaterThan(0);

    // Every contents link names a heading in the text.
    const hrefs = await toc.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) expect(await content.locator(`[id="${decodeURIComponent(href.slice(1))}"]`).count(), href).toBe(1);

    // Jump to the last top-level heading, then to a nested one: each scrolls below the navigation and is highlighted.
    for (const link of [topLinks.last(), nested.first()]) {
      const href = (await link.getAttribute('href'))!;
      const id = decodeURIComponent(href.slice(1));
      await link.click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(href);
      const target = content.locator(`[id="${id}"]`);
      await expect.poll(() => target.getAttribute('class')).toContain('hash-target');
      await expect
        .poll(async () => {
          const { top, navBottom, viewport } = await topBelowNav(page, id);
          return top >= navBottom - 1 && top < viewport / 2;
        })
        .toBe(true);
    }

    // `||n||` links open the sentence within the app.
    expect(await content.locator('a.sentence-link').count()).toBeGreaterThan(0);

    await page.getByTestId('book-back').click();
    await page.waitForURL(/\/books$/);
    await page.getByRole('heading', { name: author.AuthorName }).waitFor();
    await page.close();
  });

  it('opens a book at a heading given in its address', async () => {
    const { author, book } = await demoBook();
    const answer = (await (await fetch(`${site.base}/api/booksnew/${author.Urlslug}/${book.BookSlug}`)).json()) as { InnerTags: { TagHash: string }[] };
    const last = answer.InnerTags.at(-1)!.TagHash;
    const page = await open(`/books/${author.Urlslug}/${book.BookSlug}#${encodeURIComponent(last)}`);
    const target = page.getByTestId('book-content').locator(`[id="${last}"]`);
    await expect.poll(() => target.getAttribute('class')).toContain('hash-target');
    await expect.poll(async () => (await topBelowNav(page, last)).top < 400).toBe(true);
    await page.close();
  });

  it("says 'No book found' for a book that does not exist", async () => {
    const page = await open('/books/nobody/nothing');
    await page.getByRole('heading', { name: 'No book found' }).waitFor();
    await page.close();
  });

  it('has no serious or critical accessibility violations on the list and a book', async () => {
    const { author, book } = await demoBook();
    for (const path of ['/books', `/books/${author.Urlslug}`, `/books/${author.Urlslug}/${book.BookSlug}`]) {
      const page = await open(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.close();
    }
  });

  // Its paint is measured by `npm run bench:library`, not here: this checks that such a book works.
  it('opens a 300,000-word book with its whole table of contents, down to the last heading', async () => {
    const admin = await open('/');
    await logIn(site, admin, 'admin', 'demo-admin-password');
    const saved = await admin.evaluate(async () => {
      const words = ['lamp', 'evening', 'threshold', 'road', 'listener', 'silence', 'river', 'dawn', 'measure', 'breath', 'the', 'and', 'of', 'a', 'slow'];
      const paragraph = (seed: number) => Array.from({ length: 100 }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ') + ' ||3||.';
      const parts: string[] = ['A long commentary.'];
      let n = 0;
      for (let h2 = 1; h2 <= 30; h2++) {
        parts.push(`## Part ${h2}`);
        for (let h3 = 1; h3 <= 10; h3++) {
          parts.push(`### Section ${h2}.${h3}`);
          for (let p = 0; p < 10; p++) parts.push(paragraph(n++));
        }
      }
      const token = ((await (await fetch('/api/csrf')).json()) as { token: string }).token;
      const response = await fetch('/postdata/insertbooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ BookName: 'The Long Commentary', BookContentMd: parts.join('\n\n'), BookOrder: 9, AuthorName: 'Long Writer', Urlslug: '' }),
      });
      return { status: response.status, body: (await response.json()) as { Urlslug: string; BookSlug: string }, words: n * 101 };
    });
    expect(saved.status).toBe(200);
    expect(saved.words).toBeGreaterThanOrEqual(300_000);
    await admin.close();
    const path = `/books/${saved.body.Urlslug}/${saved.body.BookSlug}`;
    await expect.poll(async () => (await fetch(`${site.base}/api/booksnew/${saved.body.Urlslug}/${saved.body.BookSlug}`)).status).toBe(200);

    const page = await open(path);
    const content = page.getByTestId('book-content');
    await content.locator('h2').first().waitFor();
    expect(await content.locator('h2').count()).toBe(30);
    expect(await content.locator('h3').count()).toBe(300);
    const last = page.locator('a[href="#toc-section-30-10"]');
    expect(await last.count()).toBe(1);
    await last.click();
    await page.waitForFunction(() => location.hash === '#toc-section-30-10');
    await expect.poll(async () => (await topBelowNav(page, 'toc-section-30-10')).top, { timeout: 8000 }).toBeLessThan(400);
    await page.close();
  });
});
