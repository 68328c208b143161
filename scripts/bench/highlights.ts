/**
 * npm run bench:highlights — issue 38's budget: a section with 200 highlights of its reader renders
 * in < 50 ms more than without. The whole Divine Comedy (Longfellow; scripts/bench/corpora) imported
 * into a site of its own (`npm start`, the built app), a reader made as an operator makes one, and
 * 200 highlights made through the API on Inferno I (36 sentences, 136 lines). What a reader with
 * highlights costs beyond one without:
 * 1. the server: the section's placed highlights (`GET /api/my/highlights/section/1/1/1`), with 200
 *    and with none, sequentially (the page asks once);
 * 2. the browser: painting them (the app's `epos:highlights-paint` measure) in headless Chromium at
 *    1,280 px, and at 390 px with the CPU 4x slower.
 * The extra counted is the whole read with 200 (its p99, not less the read with none, which the page
 * makes too) plus painting at 390 px: the read runs after the page has shown its verse, so this
 * overstates what a reader waits for.
 * Env: BENCH_READS (200 reads per case), CHROMIUM_PATH (/usr/bin/chromium).
 */
import os from 'node:os';
import type { SectionAnswer } from '@epos/schemas/poem/responses';
import { launchBrowser } from '../testkit/browser.js';
import { latencies, median } from './stats.js';
import { divineComedySite } from './divine-comedy-site.js';

const READS = Number(process.env.BENCH_READS ?? 200);
const HIGHLIGHTS = 200;
const BUDGET_MS = 50;
const SECTION = '1/1/1';

const { site, client } = await divineComedySite();
const browser = await launchBrowser();
try {
  console.log(`bench:highlights: the Divine Comedy, Inferno I; Chromium ${browser.version()} headless, ${os.cpus().length} cores, Node ${process.version}`);

  const readSection = async () => {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const response = await client.request('GET', `/api/my/highlights/section/${SECTION}`);
      count = ((await response.json()) as { highlights: unknown[] }).highlights.length;
      times.push(performance.now() - started);
    }
    return { ...latencies(times), count };
  };
  const paintTimes = async (options: { width: number; cpu: number }) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: options.width, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
      const cookies = client
        .cookieHeader()
        .split('; ')
        .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: site.base }));
      await context.addCookies(cookies);
      await page.goto(`${site.base}/${SECTION}`);
      const measured = await page.waitForFunction(
        () => performance.getEntriesByName('epos:highlights-paint').map((e) => ({ ms: e.duration, n: (e as PerformanceMeasure).detail as number }))[0] ?? null,
        null,
        { timeout: 60_000 },
      );
      const entry = (await measured.jsonValue()) as { ms: number; n: number };
      times.push(entry.ms);
      await context.close();
    }
    return median(times);
  };

  const none = await readSection();
  // 200 highlights over the canto's sentences: two words of each verse line in turn, colours and styles in turn.
  const section = (await (await client.request('GET', `/api/sbook/${SECTION}?edition=first`)).json()) as SectionAnswer;
  const lines = section.customSection.flatMap((s) => s.customSection);
  const colours = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
  const styles = ['fill', 'underline', 'wavy'] as const;
  const verse = lines.flatMap((line) => line.lines.split('\n').map((text) => ({ n: line.lineNumber, text })));
  for (let k = 0; k < HIGHLIGHTS; k++) {
    const { n, text } = verse[k % verse.length]!;
    const words = text.trim().split(/\s+/u);
    const at = Math.floor(k / verse.length) * 2;
    const exact = words.slice(at % Math.max(words.length - 1, 1), (at % Math.max(words.length - 1, 1)) + 2).join(' ');
    const made = await client.request('POST', '/api/my/highlights', {
      body: { sentence: n, edition: 'first', exact, colour: colours[k % 5], style: styles[k % 3] },
    });
    if (!made.ok) throw new Error(`highlight ${k} (${exact}) answered ${made.status}: ${await made.text()}`);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const many = await readSection();
  const desktop = await paintTimes({ width: 1280, cpu: 1 });
  const phone = await paintTimes({ width: 390, cpu: 4 });

  const row = (name: string, value: string) => console.log(`${name.padEnd(60)} ${value}`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  row(`section highlights read, ${none.count} highlights (p50 / p99)`, `${ms(none.p50)} / ${ms(none.p99)}`);
  row(`section highlights read, ${many.count} highlights (p50 / p99)`, `${ms(many.p50)} / ${ms(many.p99)}`);
  row('painting them, 1,280 px (median of 5)', ms(desktop));
  row('painting them, 390 px, CPU 4x (median of 5)', ms(phone));
  const extra = many.p99 + phone;
  row(
    `extra for ${HIGHLIGHTS} highlights (their read's p99 + 390 px paint)`,
    `${ms(extra)} ${extra < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget`,
  );
} finally {
  await browser.close();
  await site.stop();
}
