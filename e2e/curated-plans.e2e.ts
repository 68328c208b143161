import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser, violationsWhenIdle } from './server.js';

/**
 * The editors' reading plans (issue 38) on the demo site: an editor makes one in the console and
 * writes a word on a portion; everyone sees the shared calendar ("The canto of the week") on the home
 * page and on /plans, at 360 and 1,280 px; a reader follows a plan and finds the editors' word of the
 * day beside today's portion in My study. Axe clean.
 */

const site = useSiteInBrowser();
const shots = process.env.EPOS_SCREENSHOTS;

describe("the editors' reading plans", () => {
  it('an editor makes a plan in the console and writes the commentary of its portions', async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/plans/create`);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Book One in three days');
    await page.getByRole('spinbutton', { name: /^To canto/ }).fill('2');
    await page.getByRole('combobox', { name: /^Portions/ }).click();
    await page.getByRole('option', { name: 'Even shares of the lines' }).click();
    await page.getByRole('spinbutton', { name: /^How many portions/ }).fill('3');
    await page.getByRole('combobox', { name: /^Pace/ }).click();
    await page.getByRole('option', { name: 'A portion a day' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('tab', { name: 'Commentary' }).click();
    const first = page.getByRole('textbox', { name: /^Portion 1: 1\.1 sentence 1 to/u });
    await first.fill('Begin at the lamp: ||1||.');
    await expect(page.getByRole('textbox', { name: /^Portion \d/u }).count()).resolves.toBe(3);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Element updated').waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/console-plan-commentary.png` });

    const plans = await page.evaluate(async () => (await (await fetch('/api/plans?timeZone=UTC')).json()) as { plans: { title: string; planId: string }[] });
    const made = plans.plans.find((p) => p.title === 'Book One in three days')!;
    const answer = await page.evaluate(
      async (id) => (await (await fetch(`/api/plans/${id}?timeZone=UTC`)).json()) as { plan: { days: { noteHtml: string }[] } },
      made.planId,
    );
    expect(answer.plan.days[0]!.noteHtml).toContain('href="/1"');
    await page.context().close();
  });

  it.each([360, 1280])("everyone sees the canto of the week on the home page and the plan's days (%i px)", async (width) => {
    const page = await site.open('/');
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    const together = page.getByRole('region', { name: 'Reading together' });
    await together.getByRole('link', { name: 'The canto of the week' }).waitFor();
    expect(await together.textContent()).toMatch(/this week: Book 1, Canto 1/u);
    await together.getByRole('link', { name: 'The canto of the week' }).click();
    await page.getByRole('heading', { name: 'The canto of the week', level: 1 }).waitFor();
    const current = page.locator('[aria-current="date"]');
    expect(await current.getByRole('heading').textContent()).toMatch(/^This week/u);
    expect(await current.textContent()).toContain('invocation to the lamp');
    await expect(page.getByRole('link', { name: 'Log in' }).count()).resolves.toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/plan-calendar-${width}.png`, fullPage: true });
    await page.context().close();
  });

  it("a reader follows a plan and sees the editors' word beside today's portion", async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/plans`);
    await page.getByRole('link', { name: 'The whole poem in a week' }).click();
    await page.getByRole('button', { name: 'Follow this plan' }).click();
    await page.waitForURL(/\/my\/study/u);
    const plan = page.getByRole('article', { name: 'The whole poem in a week' });
    await plan.getByText('Day 1 of 7').waitFor();
    expect(await plan.getByRole('region', { name: 'From the editors' }).textContent()).toContain('Begin slowly');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/plan-followed-360.png`, fullPage: true });
    await page.context().close();
  });
});
