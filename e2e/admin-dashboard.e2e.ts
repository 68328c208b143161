import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

describe("the console's dashboard", () => {
  it('shows the counts, the job queues and the last changes, each linking to its event', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/`);

    const counts = page.getByRole('region', { name: 'Counts' });
    await counts.locator('[data-count="users"]').waitFor();
    // the demo's three accounts at least, and the poem's sentences
    expect(Number((await counts.locator('[data-count="users"]').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
    expect(Number((await counts.locator('[data-count="sentences"]').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await counts.getByText('Comments to look over (last 7 days)').waitFor();

    const queues = page.getByRole('table', { name: 'Job queues' });
    await queues.getByRole('rowheader', { name: 'mail.send' }).waitFor();
    await queues.getByRole('rowheader', { name: 'blogs.publish-scheduled-post' }).waitFor();
    expect(await queues.getByRole('columnheader').allInnerTexts()).toEqual(['Job', 'Waiting', 'Scheduled', 'Running', 'Failed', 'Completed']);

    const changes = page.getByRole('list', { name: 'Last changes' });
    await changes.getByRole('listitem').first().waitFor();
    expect(await changes.getByRole('listitem').count()).toBe(20);
    const newest = changes.getByRole('link').first();
    const href = await newest.getAttribute('href');
    expect(href).toMatch(/^#\/events\/\d+\/show$/);
    expect(await seriousViolations(page)).toEqual([]);

    await newest.click();
    await page.waitForURL((url) => url.hash === href);
    await page.getByText('Data (personal fields stay sealed)').waitFor();
    await page.close();
  });
});
