import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

/** The reader's stored choices (reader-ui/src/poem/preferences.ts), as a returning reader has them. */
async function readWith(
  width: number,
  path: string,
  choices: { languages?: string[]; worksOn?: string[] } = {},
  before?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await site.open('/');
  await before?.(page);
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate((c) => {
    localStorage.setItem('epos.reader.languages', JSON.stringify(c.languages ?? []));
    localStorage.setItem('epos.reader.worksOn', JSON.stringify(c.worksOn ?? []));
  }, choices);
  await page.goto(`${site.base}${path}`);
  await page.locator('#s1, .sentence').first().waitFor();
  return page;
}

async function axeInBothThemes(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [360, 1280]) {
  describe(`the poem's layers at ${width} px`, () => {
    it('shows the book painting after the section without layout shift, and opens it in a lightbox', async () => {
      const page = await readWith(width, '/1/1/1', {}, async (p) => {
        // the painting arrives late: its box must already be there
        await p.route('**/media/files/**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
      });
      const header = page.getByTestId('section-paintings').locator('img.painting-header');
      await header.waitFor();
      const early = (await header.boundingBox())!;
      // text first: the painting follows the verse
      const lastLine = (await page.locator('.poem-section .verse-line').last().boundingBox())!;
      expect(early.y).toBeGreaterThan(lastLine.y + lastLine.height);
      // a 3:1 header on a phone, a 5:1 band on wider screens
      const ratio = width < 768 ? 3 : 5;
      expect(early.width / early.height).toBeCloseTo(ratio, 1);
      expect(await header.getAttribute('decoding')).toBe('async');
      await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = (await header.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(ratio, 1);
      // every layout shift on this page, the footer's included (it starts below the first screen)
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
      expect(shift).toBeLessThan(0.05);

      // keyboard: Enter opens, Escape closes, focus comes back to the painting
      const button = page.getByRole('button', { name: 'Enlarge: Painting for Book 1: The Kindling' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Painting for Book 1: The Kindling' });
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('img.lightbox-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Enlarge: Painting for Book 1: The Kindling');

      // a mouse click opens it too; the close button closes it
      await button.click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await axeInBothThemes(page);
      await page.close();
    });

    it("shows a canto's own painting where it has one", async () => {
      const page = await readWith(width, '/2/2/1');
      await page.getByRole('button', { name: /^Enlarge: Painting for Canto 2: / }).waitFor();
      await page.close();
    });

    it('colours each Sanskrit word and its English counterpart alike, with the transliteration, scansion, hyphenation and pronouns', async () => {
      const page = await readWith(width, '/1/1/1', { languages: ['sa'], worksOn: ['scansion', 'hyphenation', 'pronouns'] });
      const sentence = page.locator('#s1');
      const sanskrit = sentence.locator('.translation .verse[lang="sa"] .related');
      await expect.poll(() => sanskrit.count()).toBe(8);
      // relation 1 of the demo: सायन्तनदीप (Sanskrit word 1) with "Lamp" (English word 1)
      const lamp = sentence.locator('.verse[data-lookup] .related', { hasText: 'Lamp' });
      const lampClass = (await lamp.getAttribute('class'))!;
      expect(lampClass).toMatch(/\brel-c\d+\b/);
      const partner = sentence.locator(`.translation .related.${lampClass.match(/rel-c\d+/)![0]}`);
      expect(await partner.innerText()).toBe('सायन्तनदीप,');
      // every coloured Sanskrit word has an English partner with the same classes
      const pairs = await sentence.evaluate((root) => {
        const classes = (selector: string) => Array.from(root.querySelectorAll(selector), (el) => el.className).sort();
        return { sa: classes('.translation .verse[lang="sa"] .related'), en: classes('.verse[data-lookup] .related') };
      });
      expect(pairs.en).toEqual(pairs.sa);
      // two relations differ in colour and in underline, in both themes
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const looks = await sanskrit.evaluateAll((els) => els.slice(0, 2).map((el) => [getComputedStyle(el).color, getComputedStyle(el).textDecorationStyle]));
        expect(looks[0]![0]).not.toBe(looks[1]![0]);
        expect(looks[0]![1]).not.toBe(looks[1]![1]);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await expect.poll(() => sentence.locator('.transliteration').innerText()).toContain('he sāyantanadīpa');
      // sentence 2 carries imported scansion; sentence 1 computed hyphenation
      expect(await page.locator('#s2 [data-works="scansion"]').innerText()).toContain('x / | x / | x / | x / | x /');
      const hyphenation = sentence.locator('[data-works="hyphenation"]');
      expect(await hyphenation.innerText()).toMatch(/computed/i);
      expect(await hyphenation.innerText()).toContain('·');
      await page.locator('#s2 [data-works="pronouns"]').waitFor();
      await axeInBothThemes(page);
      await page.close();
    });

    it("Counts shows each line's words and syllables under the sentence, linked to its statistics", async () => {
      const page = await readWith(width, '/1/1/1', { worksOn: ['counts'] });
      const counts = page.locator('#s1 .extra-label', { hasText: 'Counts' });
      await counts.waitFor();
      const link = page.getByRole('link', { name: 'Count statistics of sentence 1' });
      expect(await link.getAttribute('href')).toMatch(/from=1&to=1/);
      await expect.poll(() => page.locator('#s1').innerText()).toMatch(/Line 1: \d+ words?, \d+ syllables?/);
      await page.close();
    });

    it('Memorise hides the verse: reveals a word, the next word and a line, and remembers a known line', async () => {
      const page = await readWith(width, '/1/1/1', { worksOn: ['memorise'] });
      const sentence = page.locator('#s1');
      const lines = sentence.getByTestId('memorise-line');
      await expect.poll(() => lines.count()).toBe(4);
      expect(await sentence.locator('.verse[data-lookup]').count()).toBe(0);
      expect(await sentence.innerText()).not.toContain('kindler');
      expect(await lines.nth(0).locator('.masked').innerText()).toBe('O L___ o_ E______, k______ o_ t__ h______,');

      await lines.nth(0).locator('.masked-word').nth(1).click();
      await lines.nth(0).locator('.shown-word', { hasText: 'Lamp' }).waitFor();
      await lines.nth(0).getByRole('button', { name: 'Next word (line 1 of sentence 1)' }).click();
      await lines.nth(0).locator('.shown-word', { hasText: 'O' }).waitFor();
      expect(await lines.nth(0).locator('.visually-hidden').first().innerText()).toContain('O Lamp blank blank');

      await lines.nth(1).getByRole('button', { name: 'Reveal line (line 2 of sentence 1)' }).click();
      await lines.nth(1).getByText('Lend me your light to tell how once you faltered,').waitFor();
      await lines.nth(1).getByRole('button', { name: 'Hide line (line 2 of sentence 1)' }).click();
      await lines.nth(1).locator('.masked').waitFor();

      const known = lines.nth(2).getByRole('button', { name: 'Known (line 3 of sentence 1)' });
      await known.click();
      await expect.poll(() => known.getAttribute('aria-pressed')).toBe('true');
      await lines.nth(2).getByText("And how a keeper's daughter carried you").waitFor();
      await axeInBothThemes(page);

      await page.reload();
      await expect.poll(() => lines.nth(2).getByRole('button', { name: 'Known (line 3 of sentence 1)' }).getAttribute('aria-pressed')).toBe('true');
      expect(await lines.nth(0).locator('.masked').count()).toBe(1); // the revealed words were for that visit
      await sentence.getByRole('button', { name: 'Forget the known lines of sentence 1' }).click();
      await lines.nth(2).locator('.masked').waitFor();
      await page.reload();
      await lines.nth(2).locator('.masked').waitFor();
      expect(await lines.nth(2).getByRole('button', { name: 'Known (line 3 of sentence 1)' }).getAttribute('aria-pressed')).toBe('false');
      await page.close();
    });
  });
}
