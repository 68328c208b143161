/**
 * npm run bench:reader — the built reader app served by `npm start` (demo content):
 * 1. in headless Chromium: the JavaScript and CSS a section page loads, as sent (the bytes Chromium
 *    received, with their content-encoding: the server sends the build's brotli or gzip siblings by
 *    Accept-Encoding), raw and gzipped; its largest contentful paint and layout shift at 1,280 px, and at
 *    390 px with the CPU 4x slower, on slow 4G, and with a web font loading (issue 16); a section switch;
 * 2. the API reads that page makes (recorded from its requests) under wrk, each beside nginx and a
 *    bare node:http serving the very same bytes in the same run (issue 15: cached reads >= 40 % of
 *    nginx's throughput and >= 75 % of node:http's), after the browser has closed.
 * Env: BENCH_DURATION (5 s per wrk run), CHROMIUM_PATH (/usr/bin/chromium). Needs wrk and nginx
 * (Debian: apt-get install -y wrk nginx).
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { launchBrowser } from '../testkit/browser.js';
import { startSite } from '../testkit/site-process.js';
import { pinningNote, SERVER_CORE } from './pinning.js';
import { benchDatabase } from './bench-database.js';
import { budgetLine, requireTools, throughputBesideReferences, type Read } from './beside-references.js';
import { median } from './stats.js';
import { LANGUAGES_COOKIE } from '@epos/schemas/poem/address-languages';

const RUNS = 5;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const KB = 1024;
const tools = requireTools('bench:reader');
// The site as `npm start` runs it (tsx over the sources), its demo content on an embedded PostgreSQL.
// On a core of its own, as the references it is measured against; its PostgreSQL (DATABASE_URL's, else
// an embedded one this script starts) left to the scheduler, as bench:serving's.
const bench = await benchDatabase();
const site = await startSite({ databaseUrl: bench.url, env: { LOG_LEVEL: 'warn' }, core: SERVER_CORE });
const browser = await launchBrowser();
const report = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
console.log(
  `bench:reader: npm start (demo content), Chromium ${browser.version()} headless, ${os.cpus().length} cores, Node ${process.version}; ${pinningNote()}`,
);

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
  /** The decoded body gzipped at level 6, the size issue 16's budget counts. */
  gzip: number;
}
const bodySizes = (body: Buffer) => ({ raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
const context = await browser.newContext();
const page = await context.newPage();
const finished: Promise<void>[] = [];
const assets: Asset[] = [];
const apiReads: { url: string; status: number; etag: boolean; cacheControl: string }[] = [];
/** The section's page itself, rendered on the server (issue 37): as sent, and its encoding. */
const documents: { url: string; sent: number; encoding: string; etag: boolean; cacheControl: string }[] = [];
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
        assets.push({
          url: request.url(),
          kind: type,
          encoding: headers['content-encoding'] ?? 'identity',
          sent: sizes.responseBodySize,
          contentLength,
          ...bodySizes(await response.body()),
        });
      } else if (type === 'document') {
        documents.push({
          url: request.url(),
          sent: (await request.sizes()).responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
          etag: headers.etag !== undefined,
          cacheControl: headers['cache-control'] ?? '',
        });
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
  report(
    `  ${asset.kind} ${assetName(asset.url)}`,
    `${asset.sent.toLocaleString('en')} B ${asset.encoding}${lengthNote} / ${asset.raw.toLocaleString('en')} B raw`,
  );
}
const total = (kind?: Asset['kind']) => {
  const chosen = assets.filter((a) => !kind || a.kind === kind);
  return {
    sent: chosen.reduce((s, a) => s + a.sent, 0),
    raw: chosen.reduce((s, a) => s + a.raw, 0),
    files: chosen.length,
    encodings: [...new Set(chosen.map((a) => a.encoding))].join(', '),
  };
};
const sectionHtml = documents[0]!;
report('the section page /1/1/1 itself (server-rendered HTML), as sent', `${sectionHtml.sent.toLocaleString('en')} B ${sectionHtml.encoding}`);
const js = total('script');
const css = total('stylesheet');
const both = total();
const jsGzip = assets.filter((a) => a.kind === 'script').reduce((sum, a) => sum + a.gzip, 0);
report('initial JavaScript gzip -6 (issue 16 budget)', kb(jsGzip));
report('initial JavaScript: as sent / raw', `${kb(js.sent)} (${js.encodings || '—'}) / ${kb(js.raw)} in ${js.files} file(s)`);
report('initial CSS: as sent / raw', `${kb(css.sent)} (${css.encodings || '—'}) / ${kb(css.raw)} in ${css.files} file(s)`);
report(
  'initial JavaScript and CSS: as sent / raw',
  `${kb(both.sent)} / ${kb(both.raw)} (${both.sent.toLocaleString('en')} / ${both.raw.toLocaleString('en')} B)`,
);
const admin = assets.some((a) => /admin|mdx|editor/i.test(a.url));
report('editor or console code loaded', admin ? 'YES' : 'no');
// Files under 1 KiB are not precompressed (the header would cost more than it saves).
const allBrotli = assets.every((a) => a.encoding === 'br' || a.raw < 1024);

// Largest contentful paint and layout shift, a fresh context each time (no cache), on a phone and on a desktop.
interface Conditions {
  readonly name: string;
  readonly viewport: { width: number; height: number };
  readonly cpuSlowdown: number;
  /** Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
  readonly slow4g: boolean;
  /** Translations ticked before the page loads (kept choices, as the app keeps them: in localStorage and the `epos-lang` cookie), so their web fonts load too. */
  readonly languages: readonly string[];
  readonly path: string;
  /** Measure the second visit in the same browser (its cache warm), not the first. */
  readonly repeat?: boolean;
}
async function paintAndShift(conditions: Conditions): Promise<{ lcp: number; cls: number }> {
  const fresh = await browser.newContext({ viewport: conditions.viewport });
  const p = await fresh.newPage();
  await p.addInitScript((languages) => localStorage.setItem('epos.reader.languages', JSON.stringify(languages)), conditions.languages);
  if (conditions.languages.length > 0) await fresh.addCookies([{ name: LANGUAGES_COOKIE, value: conditions.languages.join(','), url: site.base }]);
  const cdp = await fresh.newCDPSession(p);
  if (conditions.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
  if (conditions.slow4g) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  await p.goto(`${site.base}${conditions.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  if (conditions.repeat) await p.goto(`${site.base}${conditions.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  await p.evaluate(() => document.fonts.ready);
  await p.waitForTimeout(500);
  const figures = await p.evaluate(
    () =>
      new Promise<{ lcp: number; cls: number }>((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ lcp, cls }), 100);
      }),
  );
  await fresh.close();
  return figures;
}
const PHONE = { width: 390, height: 844 };
const conditionsList: Conditions[] = [
  { name: 'desktop 1280 px', viewport: { width: 1280, height: 800 }, cpuSlowdown: 1, slow4g: false, languages: [], path: '/1/1/1' },
  { name: 'phone 390 px, CPU 4x slower', viewport: PHONE, cpuSlowdown: 4, slow4g: false, languages: [], path: '/1/1/1' },
  { name: 'phone 390 px, slow 4G', viewport: PHONE, cpuSlowdown: 1, slow4g: true, languages: [], path: '/1/1/1' },
  { name: 'phone 390 px, CPU 4x, Hindi (web font)', viewport: PHONE, cpuSlowdown: 4, slow4g: false, languages: ['hi'], path: '/1/1/1/centenary' },
  // issue 37: the verse is in the server's HTML, so it is painted before the app's JavaScript has run
  { name: 'phone 390 px, CPU 4x and slow 4G', viewport: PHONE, cpuSlowdown: 4, slow4g: true, languages: [], path: '/1/1/1' },
  { name: 'phone 390 px, CPU 4x and slow 4G, repeat visit', viewport: PHONE, cpuSlowdown: 4, slow4g: true, languages: [], path: '/1/1/1', repeat: true },
];
const paints = new Map<string, { lcp: number; cls: number }>();
console.log('');
for (const conditions of conditionsList) {
  const runs: { lcp: number; cls: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await paintAndShift(conditions));
  const lcp = median(runs.map((r) => r.lcp));
  const cls = Math.max(...runs.map((r) => r.cls));
  paints.set(conditions.name, { lcp, cls });
  report(`LCP / CLS, ${conditions.name} ${conditions.path}`, `${lcp.toFixed(0)} ms (median of ${RUNS}) / ${cls.toFixed(3)} (worst)`);
}
const lcps = [paints.get('desktop 1280 px')!.lcp];

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
  report(
    `  GET ${pathname}`,
    `${read.status}, cache-control: ${read.cacheControl || '—'}${read.etag ? ', ETag' : ''}${cached ? '' : ' (not a cached read: outside the budget)'}`,
  );
  if (read.status >= 200 && read.status < 300) reads.push({ name: pathname, url: read.url, cached });
}
report('  GET /1/1/1 (the page, server-rendered)', `cache-control: ${sectionHtml.cacheControl || '—'}${sectionHtml.etag ? ', ETag' : ''}`);
reads.push({ name: '/1/1/1 (server-rendered page)', url: sectionHtml.url, cached: sectionHtml.etag });
console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s (after 1 s unmeasured), a process of its own; the site's answer (uncompressed, as wrk`);
console.log(
  'asks for it) in rounds with nginx (1 worker, sendfile) and bare node:http servers serving it, one server at a time; medians; p50/p99 at saturation',
);
const throughput = await throughputBesideReferences({ tools, reads, seconds: DURATION, serverCpuSeconds: () => site.cpuSeconds() });

console.log('\nbudgets:');
const budget = (name: string, ok: boolean, figure: string) => console.log(`  ${name.padEnd(60)} ${ok ? 'met' : 'MISSED'} (${figure})`);
budget('initial JS <= 120 KB as sent, no editor code (issue 5)', js.sent <= 120 * KB && !admin, `${kb(js.sent)} ${js.encodings}`);
budget(
  'initial JS and CSS sent compressed (brotli) <= 100 KB (issue 15)',
  both.sent <= 100 * KB && allBrotli,
  `${kb(both.sent)}: JS ${kb(js.sent)} ${js.encodings}, CSS ${kb(css.sent)} ${css.encodings}`,
);
const phoneCpu = paints.get('phone 390 px, CPU 4x slower')!;
const phone4g = paints.get('phone 390 px, slow 4G')!;
const worstShift = Math.max(...[...paints.values()].map((p) => p.cls));
budget('initial JS <= 120 KB gzip (issue 16)', jsGzip <= 120 * KB, `${kb(jsGzip)} gzip -6 of the raw scripts`);
budget('LCP < 1.0 s at 1,280 px', lcps[0]! < 1000, `${lcps[0]!.toFixed(0)} ms`);
budget('LCP < 1.0 s at 390 px with the CPU 4x slower (issue 16)', phoneCpu.lcp < 1000, `${phoneCpu.lcp.toFixed(0)} ms`);
budget('LCP < 2.5 s at 390 px on slow 4G (issue 16)', phone4g.lcp < 2500, `${phone4g.lcp.toFixed(0)} ms`);
budget('CLS < 0.05 with fonts and images loading (issue 16)', worstShift < 0.05, `${worstShift.toFixed(3)} worst`);
const phoneBoth = paints.get('phone 390 px, CPU 4x and slow 4G')!;
const phoneRepeat = paints.get('phone 390 px, CPU 4x and slow 4G, repeat visit')!;
budget('first verse < 1.2 s at 390 px, CPU 4x and slow 4G (issue 37)', phoneBoth.lcp < 1200, `${phoneBoth.lcp.toFixed(0)} ms LCP`);
budget('first verse < 0.5 s on a repeat visit (issue 37)', phoneRepeat.lcp < 500, `${phoneRepeat.lcp.toFixed(0)} ms LCP`);
budget('CLS < 0.02 (issue 37)', worstShift < 0.02, `${worstShift.toFixed(3)} worst`);
budget(
  "the section page's HTML <= 12 KB brotli (issue 37)",
  sectionHtml.encoding === 'br' && sectionHtml.sent <= 12 * KB,
  `${kb(sectionHtml.sent)} ${sectionHtml.encoding}`,
);
budget('section switch < 150 ms', switches[2]! < 150, `${switches[2]!.toFixed(0)} ms`);
console.log(`  ${budgetLine(throughput).line}`);
await site.stop();
await bench.close();
process.exit(0);
