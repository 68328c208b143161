import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const { open } = site;

const sentenceIds = (page: Page) => page.locator('[id^="s"][id]').evaluateAll((nodes) => nodes.map((n) => n.id).filter((id) => /^s\d+$/.test(id)));

describe('reading the poem', () => {
  it('opens a section by URL, then another by the menu without reloading', async () => {
    const page = await open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    expect(await sentenceIds(page)).toContain('s1');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page
      .getByRole('link', { name: /^II\b|Section 2|The Keeper/ })
      .first()
      .click();
    await page.waitForURL(`${site.base}/1/1/2`);
    await page.waitForFunction(() => !document.getElementById('s1'));
    // The title names the section first, so tabs and history entries tell sections apart.
    await page.waitForFunction(() => document.title.startsWith("The Keeper's House · The Darkening of the Vale · The Kindling"));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.goBack();
    await page.waitForURL(`${site.base}/1/1/1`);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.close();
  });

  it('downloads the Devanagari web font only once Hindi is shown, and never for English alone', async () => {
    const page = await open('/1/1/1');
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
    });
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
    await page.getByRole('checkbox', { name: /Hindi/ }).check();
    await page.getByText('हे संध्या के दीपक', { exact: false }).first().waitFor();
    await expect.poll(() => fonts.some((font) => /noto-serif-devanagari-devanagari-400-normal-.+\.woff2$/.test(font))).toBe(true);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Epos Devanagari"', 'हे'))).toBe(true);
    expect(fonts.some((font) => font.includes('oriya'))).toBe(false);
    await page.close();
  });

  it('switches edition, and a translation forces its edition and enables only its checkboxes', async () => {
    const page = await open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByLabel(/Edition/i).selectOption('revised');
    await page.waitForURL(`${site.base}/1/1/1/revised`);
    await page.getByRole('checkbox', { name: /French/ }).check();
    await page.waitForURL(`${site.base}/1/1/1/centenary`);
    await page.getByText('Ô Lampe du Soir', { exact: false }).first().waitFor();
    expect(await page.getByRole('checkbox', { name: /Hindi/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /German/ }).isEnabled()).toBe(false);
    await page.close();
  });

  it('toggles a commentary layer, and the dropdown label follows it', async () => {
    const page = await open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    const menu = page.getByRole('button', { name: /Works on The Lamp of Evening/ });
    await menu.click();
    await page.getByRole('checkbox', { name: /The Mother's readings/ }).check();
    await page.getByRole('button', { name: /The Mother's readings/ }).waitFor();
    await page.getByText('The poem opens as a prayer', { exact: false }).waitFor();
    await page.close();
  });

  it('opens a sentence page from its number, and a #hash highlights the sentence in its section', async () => {
    const page = await open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Sentence 5', exact: true }).click();
    await page.waitForURL(`${site.base}/5`);
    // Each verse line of every verse block stands on a line of its own (not run together as one paragraph).
    await page.locator('.verse .verse-line').first().waitFor();
    const runTogether = await page.evaluate(() =>
      [...document.querySelectorAll('.verse')].some((verse) => {
        const tops = [...verse.querySelectorAll('.verse-line')].map((line) => line.getBoundingClientRect().top);
        return tops.some((top, i) => i > 0 && top <= tops[i - 1]!);
      }),
    );
    expect(runTogether).toBe(false);
    await page.getByRole('link', { name: /Read in context/ }).click();
    await page.waitForURL(`${site.base}/1/1/1#s5`);
    await page.waitForFunction(() => document.getElementById('s5')?.classList.contains('is-target'));
    await page.close();
  });

  it('shows a permanent link on a sentence page, and /s/{id} finds the sentence', async () => {
    const page = await open('/5');
    const link = page.getByRole('link', { name: /\/s\/\d+$/ });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/s\/\d+$/);
    await page.goto(`${site.base}${href}`);
    await page.waitForURL(`${site.base}/5`);
    await page.getByRole('heading', { name: 'Sentence 5' }).waitFor();
    await page.goto(`${site.base}/s/999999`);
    await page.getByText('No sentence has this permanent link').waitFor();
    await page.close();
  });

  it('copies a sentence with its citation, and cites it in MLA, Chicago, APA, BibTeX, RIS and CSL-JSON', async () => {
    const page = await open('/5');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    const quote = page.getByRole('group', { name: 'Quote sentence 5' });
    await quote.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied sentence 5 with its citation').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^“[\s\S]+”\n— .+, Book 1, Canto \d+, lines? [\d–]+ \(First edition\)\. https?:\/\/[^/]+\/s\/\d+$/);

    await quote.getByRole('button', { name: 'Cite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cite sentence 5' });
    for (const name of ['MLA (9th edition)', 'Chicago (17th edition)', 'APA (7th edition)', 'BibTeX', 'RIS', 'CSL-JSON'])
      await dialog.getByRole('heading', { name }).waitFor();
    expect(await dialog.getByRole('region', { name: 'MLA (9th edition)' }).innerText()).toMatch(/Accessed \d{1,2} \w{3,4}\.? \d{4}/);
    await dialog.getByRole('region', { name: 'BibTeX' }).getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^@inbook\{\w+,\n/);
    expect(await dialog.getByRole('region', { name: 'RIS' }).getByRole('link', { name: 'Download' }).getAttribute('download')).toMatch(/^sentence-\d+\.ris$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('shows a sentence in an iframe on another site, found from its address through oEmbed', async () => {
    const html = await (await fetch(`${site.base}/5`)).text();
    const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(discovery).toBeDefined();
    const oembed = (await (await fetch(discovery!)).json()) as { html: string; height: number };
    const line = (await (await fetch(`${site.base}/api/lineinfo/5`)).json()) as { lines: string };
    // A blog on another origin (another port, as localhost): Chromium lets only a local page frame a local site.
    const blog = http.createServer((_, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>A blog</title><p>From the poem:</p>${oembed.html}`),
    );
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const page = await open('/');
    await page.goto(`http://localhost:${(blog.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    await frame.getByText(line.lines.trim().split('\n')[0]!).waitFor();
    expect(await frame.getByRole('link', { name: /^Read on / }).getAttribute('href')).toMatch(/\/s\/\d+$/);
    // The iframe is as tall as oEmbed said, and the embed fits in it without scrolling.
    const inner = await frame
      .locator('body')
      .evaluate((body) => ({ height: body.scrollHeight, width: body.scrollWidth, client: document.documentElement.clientWidth }));
    expect(inner.height).toBeLessThanOrEqual(oembed.height + 2);
    expect(inner.width).toBeLessThanOrEqual(inner.client);
    await page.close();
    blog.close();
  });

  it('opens the dictionary for a word typed in the lookup field', async () => {
    const page = await open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page
      .getByRole('button', { name: /tools|⋯|more/i })
      .first()
      .click();
    await page
      .getByLabel(/Look up a word/i)
      .first()
      .fill('lamp');
    await page
      .getByLabel(/Look up a word/i)
      .first()
      .press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/noun/i).first().waitFor();
    expect(await dialog.innerText()).toMatch(/light/i);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('turns ||n|| references in notes into links to the sentence page', async () => {
    const page = await open('/1');
    await page.getByRole('link', { name: '39', exact: true }).click();
    await page.waitForURL(`${site.base}/39`);
    await page.getByRole('heading', { name: 'Sentence 39' }).waitFor();
    await page.close();
  });

  it("shows a sentence's revision history", async () => {
    const page = await open('/5');
    await page.getByText('History').first().click();
    await page
      .getByText(/Place in the poem|First edition text/)
      .first()
      .waitFor();
    await page.close();
  });

  it('compares two editions of a section', async () => {
    const page = await open('/compare/1/1/1?a=first&b=revised');
    await page
      .getByText(/sentences? differs?/i)
      .first()
      .waitFor();
    expect(await page.locator('ins, del').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('looks a line number up, and reads a section as it stood on a day', async () => {
    const page = await open('/lookup');
    await page
      .getByRole('button', { name: /Look up/i })
      .last()
      .click();
    await page.getByText('Sentence Number Required').first().waitFor();
    await page.getByRole('textbox').first().fill('5');
    await page
      .getByRole('button', { name: /Look up/i })
      .last()
      .click();
    await page
      .getByRole('link', { name: /in context/i })
      .first()
      .waitFor();
    // Before the poem had any text: why, from when it has, and the ways out (no bare "No book found").
    const past = await open('/1/1/1?asOf=2001-01-01');
    await past.getByText(/The poem had no text yet on .*2001.*: its text begins on/).waitFor();
    expect(await past.getByText('No book found').count()).toBe(0);
    await past.getByLabel('Read as of').waitFor();
    await past.getByRole('link', { name: /^Read it as of / }).click();
    await past.waitForURL(/\/1\/1\/1\?asOf=\d{4}-\d{2}-\d{2}$/);
    await past.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await past.getByRole('link', { name: 'back to today' }).click();
    await past.waitForURL(`${site.base}/1/1/1`);
    await page.close();
    await past.close();
  });

  it.each([
    [1280, 3],
    [360, 4],
  ])('at %i px, lets a reader keep several notes on a sentence (%i), edit one and delete another, and finds them so after a reload', async (width, n) => {
    const page = await open('/');
    await page.setViewportSize({ width, height: 800 });
    await logIn(site, page, 'reader', 'demo-reader-password');
    const openNotes = async () => {
      await page.goto(`${site.base}/1/1/1`);
      await page.getByRole('button', { name: `Study tools for sentence ${n}` }).click();
      await page.getByRole('button', { name: 'My notes' }).first().click();
      return page.getByRole('dialog');
    };
    let dialog = await openNotes();
    const box = dialog.getByRole('textbox');
    for (const text of ['The keeper counts the stars.', 'A second thought.']) {
      await box.fill(text);
      await dialog.getByRole('button', { name: 'Save note' }).click();
      await dialog.getByTestId('note').filter({ hasText: text }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Edit note: The keeper counts the stars.' }).click();
    expect(await box.inputValue()).toBe('The keeper counts the stars.');
    await box.fill('The keeper counts the stars twice.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByTestId('note').filter({ hasText: 'stars twice.' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete note: A second thought.' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('note').allTextContents()).toEqual([expect.stringContaining('The keeper counts the stars twice.')]);

    dialog = await openNotes();
    await expect.poll(() => dialog.getByTestId('note').allTextContents()).toEqual([expect.stringContaining('The keeper counts the stars twice.')]);
    await page.close();
  });

  it('at 360 px, says the poem had no text yet on a day before its first text, with the ways out', async () => {
    const page = await open('/');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site.base}/1/1/1?asOf=2001-01-01`);
    await page.getByText(/The poem had no text yet on .*2001.*: its text begins on/).waitFor();
    expect(await page.getByText('No book found').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel('Read as of').waitFor();
    await page.getByRole('link', { name: /^Read it as of / }).click();
    await page.waitForURL(/\/1\/1\/1\?asOf=\d{4}-\d{2}-\d{2}$/);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.close();
  });

  it('lets a reader follow and stop following a blog from My account, kept after a reload', async () => {
    const page = await open('/');
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/account`);
    const box = page
      .getByRole('group', { name: /A mail for each new post/ })
      .getByRole('checkbox')
      .first();
    const name = (await box.locator('xpath=..').textContent())!.trim();
    const was = await box.isChecked();
    const again = page.getByRole('checkbox', { name });
    // As the server keeps it: read afresh (the list comes from a projection that may lag a moment).
    const kept = async () => {
      await page.reload();
      return again.isChecked();
    };
    await box.setChecked(!was);
    await expect.poll(() => box.isDisabled()).toBe(false);
    await expect.poll(kept).toBe(!was);
    await again.setChecked(was);
    await expect.poll(() => again.isDisabled()).toBe(false);
    await expect.poll(kept).toBe(was);
    await page.close();
  });

  it('lets a logged-in editor correct a translated line with the pencil', async () => {
    const page = await open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/1/1/1`);
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByRole('checkbox', { name: /French/ }).check();
    await page.getByText('Ô Lampe du Soir', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Edit the French translation of sentence 1' }).click();
    const dialog = page.getByRole('dialog');
    const first = dialog.getByRole('textbox').first();
    await first.waitFor();
    await first.fill('Ô Lampe corrigée du Soir,');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Book Updated Successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Ô Lampe corrigée du Soir', { exact: false }).first().waitFor();
    await page.close();
  });

  it.each(['/1/1/1', '/5', '/lookup', '/compare/1/1/1?a=first&b=revised'])('has no serious or critical accessibility violations on %s', async (path) => {
    const page = await open(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
