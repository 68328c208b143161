/**
 * npm run bench:library — the library's budgets (issue 19) on `npm start` (demo content):
 * 1. a 300,000-word book (a long commentary, 60 chapters with sections, words from a vocabulary of
 *    thousands so that it compresses as prose does) saved over HTTP as an admin does; its API answer
 *    and library pages (the demo's and 200 more) at a fixed 200 req/s, from a process of its own
 *    (p99 < 10 ms), beside nginx and a bare node:http serving the book's same bytes at that pace;
 * 2. in headless Chromium, the book's reader page's largest contentful paint at 1,280 px (< 1 s);
 * 3. the same reads under wrk beside nginx and a bare node:http serving the very same bytes in the same run.
 * Env: BENCH_DURATION (5 s per wrk run), BENCH_PACED_DURATION (20 s per paced run), BENCH_WORDS
 * (300000), CHROMIUM_PATH (/usr/bin/chromium). Needs wrk and nginx (Debian: apt-get install -y wrk nginx).
 */
import os from 'node:os';
import { request } from 'undici';
import { launchBrowser } from '../testkit/browser.js';
import { startSite } from '../testkit/site-process.js';
import { pinningNote, SERVER_CORE } from './pinning.js';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { SiteClient } from '../testkit/site-client.js';
import { budgetLine, requireTools, throughputBesideReferences, type Read } from './beside-references.js';
import { pacedReadsProcess } from './paced-reads.js';
import { pacedReferences } from './paced-references.js';
import { median } from './stats.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 4 * DURATION);
const WORDS = Number(process.env.BENCH_WORDS ?? 300_000);
const PAGES = 200;
const RATE = 200;
const RUNS = 5;
const report = (name: string, value: string) => console.log(`${name.padEnd(60)} ${value}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const SYLLABLES =
  'ka lo mi ren sa tu vel an or is em dra bel cor fen gal hin jus kel lum mor nes pra quil ros sen tar ul vin wen yor zel ath eth ith oth uth'.split(' ');
const COMMON = 'the of and a to in is that it as with for his on by'.split(' ');

/**
 * A long commentary: chapters (h2) of sections (h3) of paragraphs, `words` words in all, with
 * sentence links. Its words come from a vocabulary of thousands (made of syllables) and common
 * short words, so that it compresses about as prose does, not as a repeated list would.
 */
function commentary(words: number): string {
  const random = seededRandom(7);
  const next = () => Math.floor(random() * 2 ** 31);
  const word = () => {
    if (next() % 10 < 4) return COMMON[next() % COMMON.length]!;
    return Array.from({ length: 1 + (next() % 3) }, () => SYLLABLES[next() % SYLLABLES.length]).join('');
  };
  const parts: string[] = ['# A commentary on the poem'];
  let written = 0;
  for (let chapter = 1; written < words; chapter++) {
    parts.push(`## Chapter ${chapter}: *on* the ${word()}`);
    for (let section = 1; section <= 5 && written < words; section++) {
      parts.push(`### Section ${chapter}.${section}`);
      for (let paragraph = 0; paragraph < 10 && written < words; paragraph++) {
        parts.push(`${Array.from({ length: 100 }, word).join(' ')} — see ||${(next() % 40) + 1}||.`);
        written += 102;
      }
    }
  }
  return parts.join('\n\n');
}

const tools = requireTools('bench:library');
// The site as `npm start` runs it (tsx over the sources), its demo content on an embedded PostgreSQL.
// On a core of its own (its embedded PostgreSQL with it), as the references it is measured against.
const site = await startSite({ env: { LOG_LEVEL: 'warn' }, core: SERVER_CORE });
const failures: string[] = [];
try {
  console.log(
    `bench:library: npm start (demo content), ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${pinningNote('embedded')}`,
  );
  const admin = new SiteClient(site.base);
  await admin.login('admin', 'demo-admin-password');
  const markdown = commentary(WORDS);
  const saving = performance.now();
  const saved = await admin.request('POST', '/postdata/insertbooks', {
    body: { BookName: 'A long commentary', BookContentMd: markdown, BookOrder: 1, AuthorName: 'Bench Author', Urlslug: '' },
  });
  if (!saved.ok) throw new Error(`saving the book: ${saved.status} ${await saved.text()}`);
  const { Urlslug, BookSlug } = (await saved.json()) as { Urlslug: string; BookSlug: string };
  report(`saving a ${WORDS.toLocaleString('en')}-word book (${(markdown.length / 1e6).toFixed(1)} MB markdown)`, ms(performance.now() - saving));
  const pagePaths: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const response = await admin.request('POST', '/postdata/createPage', {
      body: { name: `Essay ${i}`, url: `/essays-${i}`, permalink: `essay-${i}`, category: 'Footer', priority: i, md_content: commentary(800) },
    });
    if (!response.ok) throw new Error(`creating a page: ${response.status} ${await response.text()}`);
    pagePaths.push(`/api/essays-${i}`);
  }
  // Until the projections have the book and the last page, its reads would answer 404.
  const bookApi = `/api/booksnew/${Urlslug}/${BookSlug}`;
  for (const path of [bookApi, pagePaths.at(-1)!]) {
    for (let tries = 0; (await fetch(`${site.base}${path}`)).status !== 200; tries++) {
      if (tries > 600) throw new Error(`${path} never answered`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const bookBytes = (await (await fetch(`${site.base}${bookApi}`)).arrayBuffer()).byteLength;
  report('the book answer (JSON, uncompressed)', `${(bookBytes / 1e6).toFixed(2)} MB`);

  // 1. Paced reads at 200 req/s, from a process of their own, while nothing else runs.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const demoPages = ['/api/about', '/api/guide', '/api/guide/reading-a-canto', '/api/colophon', '/api/library/menus'];
  const groups: { name: string; paths: string[]; headers: Record<string, string> }[] = [
    { name: `the ${WORDS.toLocaleString('en')}-word book (${bookApi})`, paths: [bookApi], headers: { 'accept-encoding': 'br' } },
    { name: `library pages (${demoPages.length + PAGES} paths, at random)`, paths: [...demoPages, ...pagePaths], headers: {} },
  ];
  console.log(`\npaced reads: ${RATE} req/s for ${PACED_DURATION} s (after 2 s unmeasured), from due to last byte`);
  for (const group of groups) {
    const { result } = await pacedReadsProcess({ base: site.base, paths: group.paths, rate: RATE, seconds: PACED_DURATION, warmUp: 2, headers: group.headers });
    const { p50, p99, max } = result.fromDue;
    report(
      `  ${group.name}`,
      `p50 ${ms(p50)} / p99 ${ms(p99)} / max ${ms(max)}; ${result.achievedRate.toFixed(0)} req/s, ${result.errors} errors, ${result.non2xx} non-2xx`,
    );
    if (!(p99 < 10) || result.errors > 0 || result.non2xx > 0) failures.push(`${group.name} p99`);
  }

  // The floor for those paced reads: nginx and a bare node:http serving the book's very bytes (brotli) at the same pace.
  const book = Buffer.from(await (await request(`${site.base}${bookApi}`, { headers: { 'accept-encoding': 'br' } })).body.arrayBuffer());
  await pacedReferences({ tools, bytes: book, what: 'the book', rate: RATE, seconds: PACED_DURATION, report });

  // 2. The book's reader page in Chromium (after the paced reads: a closing browser would disturb them): a fresh context each run (nothing cached).
  const browser = await launchBrowser();
  const lcps: number[] = [];
  const bookPage = `/books/${Urlslug}/${BookSlug}`;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.base}${bookPage}`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(300);
    lcps.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let lcp = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) lcp = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(lcp), 100);
          }),
      ),
    );
    await context.close();
  }
  await browser.close();
  const lcp = median(lcps);
  report(`LCP ${bookPage} at 1,280 px (median of ${RUNS})`, `${lcp.toFixed(0)} ms (runs: ${lcps.map((l) => l.toFixed(0)).join(', ')})`);
  if (!(lcp < 1000)) failures.push('book page LCP');

  // 3. Throughput beside nginx and bare node:http serving the same bytes.
  const reads: Read[] = [
    { name: 'book (br)', url: `${site.base}${bookApi}`, cached: true, acceptEncoding: 'br' },
    { name: 'library page', url: `${site.base}/api/guide/reading-a-canto`, cached: true },
    { name: 'menus', url: `${site.base}/api/library/menus`, cached: true },
  ];
  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s, beside nginx (1 worker, sendfile) and bare node:http serving the same bytes; medians`);
  const throughput = await throughputBesideReferences({ tools, reads, seconds: DURATION, serverCpuSeconds: () => site.cpuSeconds() });
  console.log('\nbudgets:');
  console.log(`  ${'book reader page LCP < 1 s at 1,280 px'.padEnd(60)} ${lcp < 1000 ? 'met' : 'MISSED'} (${lcp.toFixed(0)} ms)`);
  console.log(`  ${'book API and library pages p99 < 10 ms at 200 req/s'.padEnd(60)} ${failures.some((f) => f.endsWith('p99')) ? 'MISSED' : 'met'}`);
  console.log(`  ${budgetLine(throughput).line}`);
} finally {
  await site.stop();
}
process.exit(0);
