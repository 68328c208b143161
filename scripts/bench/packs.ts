/**
 * `npm run bench:packs`: offline packs (issue 39) of a real poem, the whole Divine Comedy
 * (Longfellow; ./corpora) on a site of its own: what one edition weighs as the reader downloads it
 * (JSON, and brotli as the site sends it), per sentence and scaled to the issue's 25,000-sentence
 * poem (budget: 1.5 MB brotli an edition), the time to make a book's packs cold and to serve them
 * cached, and what an update after 100 changed sentences downloads (budget 50 KB): packs are whole
 * cantos, so the changed sentences' cantos are downloaded again.
 */
import http from 'node:http';
import { divineComedySite } from './divine-comedy-site.js';

const EDITION_BUDGET_BYTES = 1.5 * 1024 * 1024;
const DELTA_BUDGET_BYTES = 50 * 1024;
const SCALE_TO_SENTENCES = 25_000;

interface PackEntry {
  url: string;
  canto: number;
  book: number;
  kind: string;
  edition?: string;
  bytes: number;
}

/** The bytes the site sends for `path` when the client accepts brotli (a raw request: fetch would decode them). */
const sentBytes = (base: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': 'br' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const { site } = await divineComedySite();
try {
  const contents = (await (await fetch(`${site.base}/api/contents`)).json()) as { books: { book: number; name: string }[] };
  const packs: (PackEntry & { sent: number; sentences: number[] })[] = [];
  let coldMs = 0;
  for (const { book } of contents.books) {
    const started = performance.now();
    const manifest = (await (await fetch(`${site.base}/api/packs/${book}`)).json()) as { packs: PackEntry[] };
    coldMs += performance.now() - started;
    for (const pack of manifest.packs.filter((p) => p.kind === 'edition' && p.edition === 'first')) {
      const answers = (await (await fetch(`${site.base}${pack.url}`)).json()) as {
        answers: Record<string, { customSection: { customSection: { lineNumber: number }[] }[] }>;
      };
      const sentences = Object.values(answers.answers).flatMap((a) => a.customSection.flatMap((s) => s.customSection.map((line) => line.lineNumber)));
      packs.push({ ...pack, sent: await sentBytes(site.base, pack.url), sentences });
    }
  }
  const started = performance.now();
  for (const pack of packs) await sentBytes(site.base, pack.url);
  const cachedMs = performance.now() - started;

  const json = packs.reduce((sum, p) => sum + p.bytes, 0);
  const sent = packs.reduce((sum, p) => sum + p.sent, 0);
  const sentences = packs.reduce((sum, p) => sum + p.sentences.length, 0);
  const scaled = (sent / sentences) * SCALE_TO_SENTENCES;
  console.log(`bench:packs: the Divine Comedy, ${contents.books.length} books, ${packs.length} cantos, ${sentences} sentences; the First edition's packs`);
  console.log(`  one edition: ${mb(json)} as JSON, ${mb(sent)} brotli as sent (${(sent / sentences).toFixed(0)} B a sentence)`);
  console.log(
    `  scaled to ${SCALE_TO_SENTENCES.toLocaleString('en')} sentences: ${mb(scaled)} brotli (budget ${mb(EDITION_BUDGET_BYTES)}): ${scaled <= EDITION_BUDGET_BYTES ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  making every book's packs (the lists, cold): ${coldMs.toFixed(0)} ms; serving the ${packs.length} packs cached, one after another: ${cachedMs.toFixed(0)} ms`,
  );

  // An update downloads the packs whose hash changed: every canto holding one of the changed sentences.
  const deltaFor = (changed: ReadonlySet<number>) => packs.filter((p) => p.sentences.some((n) => changed.has(n))).reduce((sum, p) => sum + p.sent, 0);
  const all = packs.flatMap((p) => p.sentences);
  const run = new Set(all.slice(1000, 1100));
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const scattered = new Set(Array.from({ length: 100 }, () => all[Math.floor(random() * all.length)]!));
  for (const [name, changed] of [
    ['100 sentences in a row', run],
    ['100 sentences scattered over the poem', scattered],
  ] as const) {
    const delta = deltaFor(changed);
    console.log(`  update after ${name}: ${kb(delta)} brotli (budget ${kb(DELTA_BUDGET_BYTES)}): ${delta <= DELTA_BUDGET_BYTES ? 'met' : 'MISSED'}`);
  }
} finally {
  await site.stop();
}
