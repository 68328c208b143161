/**
 * npm run bench:reader — the built reader app served by `npm start` (demo content):
 * 1. in headless Chromium: the JavaScript and CSS a section page loads, as sent (the bytes Chromium
 *    received, with their content-encoding: the server sends the build's brotli or gzip siblings by
 *    Accept-Encoding) and raw; its largest contentful paint; a section switch;
 * 2. the API reads that page makes (recorded from its requests) under wrk, each beside nginx and a
 *    bare node:http serving the very same bytes in the same run (issue 15: cached reads >= 40 % of
 *    nginx's throughput and >= 75 % of node:http's), after the browser has closed.
 * Env: BENCH_DURATION (5 s per wrk run), CHROMIUM_PATH (/usr/bin/chromium). Needs wrk and nginx
 * (Debian: apt-get install -y wrk nginx).
 */
import os from 'node:os';
import type { Request } from 'playwright-core';
import { launchBrowser, startSite } from '../../e2e/server.js';
import { budgetLine, requireTools, throughputBesideReferences, type Read } from './beside-references.js';

const RUNS = 5;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const KB = 1024;
const tools = requireTools('bench:reader');
const site = await startSite();
const browser = await launchBrowser();
const report = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
console.log(`bench:reader: npm start (demo content), Chromium ${browser.version()} headless, ${os.cpus().length} cores, Node ${process.version}`);

// 1. What a section page loads: its scripts and style sheets as Chromium received them, and the API reads it makes.
interface Asset {
  url: string;
  kind: 'script' | 'stylesheet';
  encoding: string;
  /** The body as it came over the wire (Chromium's encoded body size). */
  sent: number;
  contentLength: number | null;
  /** The body once decoded. */
  raw: number;
}
const context = await browser.newContext();
const page = await context.newPage();
const finished: Promise<void>[] = [];
const assets: Asset[] = [];
const apiReads: { url: string; status: number; etag: boolean; cacheControl: string }[] = [];
page.on('requestfinished', (request: Request) => {
  finished.push(
    (async () => {
      const response = await request.response();
      if (!response) return;
      const type = request.resourceType();
      const headers = await response.allHeaders();
      if (type === 'script' || type === 'stylesheet') {
        const sizes = await request.sizes();
        const contentLength = headers['content-length'] === undefined ? null : Number(headers['content-length']);
        assets.push({ url: request.url(), kind: type, encoding: headers['content-encoding'] ?? 'identity', sent: sizes.responseBodySize, contentLength, raw: (await response.body()).length });
      } else if ((type === 'fetch' || type === 'xhr') && request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/')) {
        apiReads.push({ url: request.url(), status: response.status(), etag: headers.etag !== undefined, cacheControl: headers['cache-control'] ?? '' });
      }
    })(),
  );
});
await page.goto(`${site.base}/1/1/1`, { waitUntil: 'networkidle' });
await Promise.all(finished);
page.removeAllListeners('requestfinished');

const assetName = (url: string) => new URL(url).pathname;
console.log('\nwhat the section page /1/1/1 loads before the network is idle: bytes as Chromium received them (its encoded body size) / raw');
for (const asset of assets) {
  const lengthNote = asset.contentLength !== null && asset.contentLength !== asset.sent ? ` (content-length ${asset.contentLength})` : '';
  report(`  ${asset.kind} ${assetName(asset.url)}`, `${asset.sent.toLocaleString('en')} B ${asset.encoding}${lengthNote} / ${asset.raw.toLocaleString('en')} B raw`);
}
const total = (kind?: Asset['kind']) => {
  const chosen = assets.filter((a) => !kind || a.kind === kind);
  return { sent: chosen.reduce((s, a) => s + a.sent, 0), raw: chosen.reduce((s, a) => s + a.raw, 0), files: chosen.length, encodings: [...new Set(chosen.map((a) => a.encoding))].join(', ') };
};
const js = total('script');
const css = total('stylesheet');
const both = total();
report('initial JavaScript: as sent / raw', `${kb(js.sent)} (${js.encodings || '—'}) / ${kb(js.raw)} in ${js.files} file(s)`);
report('initial CSS: as sent / raw', `${kb(css.sent)} (${css.encodings || '—'}) / ${kb(css.raw)} in ${css.files} file(s)`);
report('initial JavaScript and CSS: as sent / raw', `${kb(both.sent)} / ${kb(both.raw)} (${both.sent.toLocaleString('en')} / ${both.raw.toLocaleString('en')} B)`);
const admin = assets.some((a) => /admin|mdx|editor/i.test(a.url));
report('editor or console code loaded', admin ? 'YES' : 'no');
// Files under 1 KiB are not precompressed (the header would cost more than it saves).
const allBrotli = assets.every((a) => a.encoding === 'br' || a.raw < 1024);

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
console.log('');
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
await browser.close();

// 2. The section page's API reads under wrk, beside nginx and bare node:http with the same bytes.
const seen = new Set<string>();
const reads: Read[] = [];
console.log('\nthe API reads the section page made (GET, from its requests in Chromium):');
// In the order of their paths: the page's requests finish in no fixed order.
for (const read of apiReads.sort((a, b) => a.url.localeCompare(b.url))) {
  if (seen.has(read.url)) continue;
  seen.add(read.url);
  const cached = read.etag && !/no-store|private/.test(read.cacheControl);
  const pathname = new URL(read.url).pathname + new URL(read.url).search;
  report(`  GET ${pathname}`, `${read.status}, cache-control: ${read.cacheControl || '—'}${read.etag ? ', ETag' : ''}${cached ? '' : ' (not a cached read: outside the budget)'}`);
  if (read.status >= 200 && read.status < 300) reads.push({ name: pathname, url: read.url, cached });
}
console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s (after 1 s unmeasured), a process of its own; the site's answer (uncompressed, as wrk`);
console.log('asks for it) in rounds with nginx (1 worker, sendfile) and bare node:http servers serving it, one server at a time; medians; p50/p99 at saturation');
const throughput = await throughputBesideReferences({ tools, reads, seconds: DURATION, serverCpuSeconds: () => site.cpuSeconds() });

console.log('\nbudgets:');
const budget = (name: string, ok: boolean, figure: string) => console.log(`  ${name.padEnd(60)} ${ok ? 'met' : 'MISSED'} (${figure})`);
budget('initial JS <= 120 KB as sent, no editor code (issue 5)', js.sent <= 120 * KB && !admin, `${kb(js.sent)} ${js.encodings}`);
budget('initial JS and CSS sent compressed (brotli) <= 100 KB (issue 15)', both.sent <= 100 * KB && allBrotli, `${kb(both.sent)}: JS ${kb(js.sent)} ${js.encodings}, CSS ${kb(css.sent)} ${css.encodings}`);
budget('LCP < 1.0 s', lcps[2]! < 1000, `${lcps[2]!.toFixed(0)} ms`);
budget('section switch < 150 ms', switches[2]! < 150, `${switches[2]!.toFixed(0)} ms`);
console.log(`  ${budgetLine(throughput).line}`);
await site.stop();
process.exit(0);
