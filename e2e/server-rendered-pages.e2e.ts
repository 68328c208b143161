import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, layoutShift, openWatched, startSite, type RunningSite } from './server.js';

/**
 * Server-rendered pages besides the poem's (issue 37): the home page, the blogs (every blog, a blog,
 * a post, a series and the list of series, the archive, the contents, an author's posts), the books
 * (all, an author's, a book) and a library page carry their text in the HTML, for a reader without
 * JavaScript; with JavaScript, the app takes each over without a console error or a layout shift.
 * Read on the demo site, whose blogs, books and library pages are real pages of theirs.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

let browser: Browser;
let site: RunningSite;
/** Each page's address and a text of its own that its HTML must carry. */
let pages: { path: string; text: string }[];

async function api<T>(url: string): Promise<T> {
  const response = await fetch(`${site.base}${url}`);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startSite()]);
  const poem = await api<{ poemTitle: string }>('/api/site');
  const [recent] = await api<{ bslug: string; pslug: string; ptitle: string; bTitle: string }[]>('/api/blogs/recent');
  const post = await api<{ authorId: string; author: string; title: string }>(`/api/blogs/${recent!.bslug}/${recent!.pslug}`);
  const [withSeries] = await api<{ slug: string; slugUrl: string; sd: { slug: string; slugUrl: string }[] }[]>('/api/series');
  const [author] = await api<{ AuthorName: string; Urlslug: string; AuthorBook: { BookName: string; BookSlug: string }[] }[]>('/api/books');
  const { main, footer } = await api<{ main: { url: string; name: string }[]; footer: { url: string; name: string }[] }>('/api/library/menus');
  const libraryPage = [...main, ...footer][0]!;
  // a post with comments: they are rendered with it
  const { bcontent } = await api<{ bcontent: { url: string; title: string; ccounts: number }[] }>(`/api/blogs/${recent!.bslug}?page=1`);
  const commented = bcontent.find((p) => p.ccounts > 0)!;
  const [comment] = await api<{ fullname: string }[]>(`/api/comments/${(await api<{ id: string }>(`/api/blogs/${recent!.bslug}/${commented.url}`)).id}`);
  pages = [
    { path: '/', text: poem.poemTitle },
    { path: '/blogs', text: recent!.bTitle },
    { path: `/blogs/${recent!.bslug}`, text: recent!.ptitle },
    { path: `/blogs/${recent!.bslug}/${recent!.pslug}`, text: post.title },
    { path: `/blogs/${recent!.bslug}/${commented.url}`, text: comment!.fullname },
    { path: `/blogs/${recent!.bslug}/archive`, text: recent!.ptitle },
    { path: `/blogs/${recent!.bslug}/toc`, text: recent!.ptitle },
    { path: `/user/${post.authorId}`, text: recent!.ptitle },
    { path: `/blogs/${withSeries!.slug}/series`, text: withSeries!.sd[0]!.slugUrl },
    { path: `/blogs/${withSeries!.slug}/series/${withSeries!.sd[0]!.slug}`, text: withSeries!.sd[0]!.slugUrl },
    { path: '/books', text: author!.AuthorBook[0]!.BookName },
    { path: `/books/${author!.Urlslug}`, text: author!.AuthorBook[0]!.BookName },
    { path: `/books/${author!.Urlslug}/${author!.AuthorBook[0]!.BookSlug}`, text: author!.AuthorBook[0]!.BookName },
    { path: libraryPage.url, text: libraryPage.name },
  ];
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('pages without JavaScript', () => {
  it('carry their own text, with no word of needing JavaScript', async () => {
    for (const { path, text } of pages) {
      const { page } = await openWatched(browser, site, path, { viewport: PHONE, javaScriptEnabled: false });
      const body = (await page.locator('#root').textContent()) ?? '';
      expect(body, path).toContain(text);
      expect(body, path).not.toContain('Loading');
      expect(await page.locator('body').textContent(), path).not.toContain('needs JavaScript');
      await page.context().close();
    }
  });

  it('follow their links: from the home page to a blog, a post and back to the blog', async () => {
    const post = pages[3]!;
    const { page } = await openWatched(browser, site, '/', { viewport: DESKTOP, javaScriptEnabled: false });
    await page.getByRole('link', { name: post.text }).first().click();
    await page.waitForURL(`${site.base}${post.path}`);
    expect(await page.locator('h1').first().textContent()).toContain(post.text);
    await page.context().close();
  });
});

describe('pages with JavaScript', () => {
  for (const [name, viewport] of [
    ['360 px', PHONE],
    ['1,280 px', DESKTOP],
  ] as const) {
    it(`at ${name}, are taken over where they stand: no console error, no layout shift`, async () => {
      for (const { path, text } of pages) {
        const { page, problems } = await openWatched(browser, site, path, { viewport });
        await page.waitForLoadState('networkidle');
        expect(await page.locator('#root').textContent(), path).toContain(text);
        expect(await layoutShift(page), path).toBeLessThan(0.02);
        expect(problems, path).toEqual([]);
        await page.context().close();
      }
    });
  }
});
