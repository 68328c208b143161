/**
 * npm run bench:reader — the built reader app served by `npm start`, in headless Chromium:
 * initial JavaScript of a section page (gzip), largest contentful paint, and a section switch.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, startSite } from '../../e2e/server.js';

const RUNS = 5;
const site = await startSite();
const browser = await launchBrowser();
const report = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);

// Initial JavaScript: every script the section page loads before it is interactive.
const context = await browser.newContext();
const page = await context.newPage();
const scripts: { url: string; bytes: Buffer }[] = [];
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), bytes: await response.body() });
});
await page.goto(`${site.base}/1/1/1`, { waitUntil: 'networkidle' });
const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.bytes).length, 0);
report('initial JavaScript of a section page (gzip)', `${(gzip / 1024).toFixed(1)} KB in ${scripts.length} file(s)`);
const admin = scripts.some((s) => /admin|mdx|editor/i.test(s.url));
report('editor or console code loaded', admin ? 'YES' : 'no');

// Largest contentful paint, fresh context each time (no cache).
const lcps: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  await p.goto(`${site.base}/1/1/1`, { waitUntil: 'networkidle' });
  lcps.push(
    await p.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    ),
  );
  await fresh.close();
}
lcps.sort((a, b) => a - b);
report('largest contentful paint (median of 5)', `${lcps[2]!.toFixed(0)} ms (max ${lcps.at(-1)!.toFixed(0)} ms)`);

// Section switch: from the click on the next section until its first sentence is on screen.
const switches: number[] = [];
for (let i = 0; i < RUNS; i++) {
  await page.goto(`${site.base}/1/1/1`, { waitUntil: 'networkidle' });
  const took = await page.evaluate(async () => {
    const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/1/1/2');
    if (!link) throw new Error('no link to the next section');
    const started = performance.now();
    link.click();
    while (!document.getElementById('s10')) await new Promise((r) => requestAnimationFrame(r));
    return performance.now() - started;
  });
  switches.push(took);
}
switches.sort((a, b) => a - b);
report('section switch (median of 5)', `${switches[2]!.toFixed(0)} ms (max ${switches.at(-1)!.toFixed(0)} ms)`);

console.log('\nbudgets:');
console.log(`  initial JS <= 120 KB gzip:  ${gzip <= 120 * 1024 && !admin ? 'met' : 'MISSED'} (${(gzip / 1024).toFixed(1)} KB)`);
console.log(`  LCP < 1.0 s:                ${lcps[2]! < 1000 ? 'met' : 'MISSED'} (${lcps[2]!.toFixed(0)} ms)`);
console.log(`  section switch < 150 ms:    ${switches[2]! < 150 ? 'met' : 'MISSED'} (${switches[2]!.toFixed(0)} ms)`);
await browser.close();
await site.stop();
process.exit(0);
