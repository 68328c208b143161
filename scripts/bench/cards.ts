/**
 * npm run bench:cards — share cards (issue 37: "a share image made in < 2 s"). Sentences of the
 * whole real epics in ./corpora (the Rāmāyaṇa in Devanagari, the Divine Comedy with its long canto
 * names, Paradise Lost 1667 with its 45-line sentences) are drawn as the `cards.make` job draws
 * them: the card's HTML, Chromium's screenshot and the PNG's bytes, with one Chromium reused.
 * The first card (which starts Chromium) is reported apart; per poem, the poem's longest sentence
 * and BENCH_CARDS (20) sentences spread over it. Env: CHROMIUM_PATH (/usr/bin/chromium); BENCH_CARDS_DIR:
 * a folder to write each poem's first two cards to, to look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createLogger } from '@epos/platform';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import type { ShareCardContent } from '@epos/schemas';
import { parsePoemText } from '@epos/api/poem/import/text/parse-text';
import { cardText } from '@epos/api/page-heads/share-cards';
import { PdfBrowser } from '@epos/workers/pdf/browser';
import { drawShareCard } from '@epos/workers/cards/handler';

const PER_POEM = Number(process.env.BENCH_CARDS ?? 20);
const POEMS = ['ramayana.txt.gz', 'divine-comedy.txt.gz', 'paradise-lost-1667.txt.gz'];
const report = (name: string, value: string) => console.log(`${name.padEnd(64)} ${value}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

console.log(`${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the start`);
const browser = new PdfBrowser(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', createLogger('warn', 'bench-cards'));
try {
  let first = true;
  for (const file of POEMS) {
    const parsed = parsePoemText(zlib.gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'corpora', file))).toString('utf8'), file);
    const all = parsed.books.flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences.map((sentence) => ({ b, c, sentence })))));
    const longest = all.reduce((a, b) => (b.sentence.lines.join('\n').length > a.sentence.lines.join('\n').length ? b : a));
    const chosen = [longest, ...Array.from({ length: PER_POEM }, (_, i) => all[Math.floor(((i + 0.5) * all.length) / PER_POEM)]!)];
    const times: number[] = [];
    let bytes = 0;
    for (const { b, c, sentence } of chosen) {
      const text = sentence.lines.join('\n');
      const content: ShareCardContent = {
        page: `/bench/${sentence.line}`,
        heading: `${b.name} · ${c.name}`,
        main: { text: cardText(text), lang: scriptLang(text) ?? 'en' },
        below: null,
        footer: `${parsed.author ?? 'Anonymous'}, ${parsed.title ?? file} · First edition · Epos`,
      };
      const started = performance.now();
      const png = await drawShareCard(browser, content);
      const ms = performance.now() - started;
      if (process.env.BENCH_CARDS_DIR && times.length < 2)
        fs.writeFileSync(path.join(process.env.BENCH_CARDS_DIR, `${file.split('.')[0]}-${times.length}.png`), png);
      bytes += png.length;
      if (first) report('first card (Chromium started for it)', `${ms.toFixed(0)} ms`);
      else times.push(ms);
      first = false;
    }
    times.sort((x, y) => x - y);
    report(
      `${file}: ${times.length} cards, median / p95 / max`,
      `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} / ${times.at(-1)!.toFixed(0)} ms`,
    );
    report(`${file}: mean PNG size`, `${(bytes / chosen.length / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
