/**
 * The cache attack: anonymous GETs with made-up query strings over every cached read (a long
 * post and its blog's feed among them), as fast as a few connections go. Each made-up URL asks for
 * an answer the site already holds; the caches must not keep it again. Bound: the site's resident
 * memory grows by at most its cache budget (CACHE_MEMORY_MB) + 100 MiB.
 */
import { Agent, request } from 'undici';
import { MIB, residentBytes } from '../load/memory.js';
import { SiteClient } from '../testkit/site-client.js';
import type { AbuseReport, AbuseTarget } from './attack.js';

const CONNECTIONS = 16;
const SLACK_MIB = 100;
const WARM_UP_REQUESTS = 5_000;

/** The demo's cached reads, and a long post with its feed written for the attack. */
async function cachedReads(base: string): Promise<string[]> {
  const blogger = new SiteClient(base);
  await blogger.login('blogger', 'demo-blogger-password');
  const blogs = (await (await blogger.request('GET', '/postdata/myblogs')).json()) as { slug: string }[];
  const blog = blogs[0]?.slug;
  if (!blog) throw new Error('the demo blogger has no blog');
  // About 400 KB of text: the probe's long post.
  const md = Array.from({ length: 5000 }, (_, i) => `Paragraph ${i}: the tercets turn on their rhymes, and the reader turns with them.`).join('\n\n');
  const made = await blogger.request('POST', '/postdata/create', {
    body: { blog_id: blog, title: 'A very long reading', series_title: 'Long reads', md_content: md, status: 0 },
  });
  if (!made.ok) throw new Error(`could not publish the long post: ${made.status} ${await made.text()}`);
  const { url } = (await made.json()) as { url: string };
  return [
    '/api/site',
    '/api/contents',
    '/api/contents/1',
    '/api/sbook/1/1/1',
    '/api/sbook/1/1/1?edition=revised',
    '/api/translation/1/1/1?lang=fr',
    '/api/recents',
    '/api/blogs',
    '/api/blogs/recent',
    `/api/blogs/${blog}`,
    `/api/blogs/${blog}/${url}`,
    `/api/blogs/${blog}/feed`,
    `/api/blogs/${blog}/toc`,
    `/api/blogs/${blog}/archive`,
    '/api/series',
    '/api/books',
    '/api/library/menus',
    '/api/about',
    '/api/dict/kindled',
  ];
}

/** `count` GETs (or as many as `ms` allows) over CONNECTIONS connections; answers the number sent. */
async function sendAll(
  count: number,
  ms: number,
  pathOf: (i: number) => string,
  get: (path: string) => Promise<number>,
  statuses: Map<number, number>,
  after: (i: number) => void,
): Promise<number> {
  const deadline = performance.now() + ms;
  let next = 0;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const status = await get(pathOf(i));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      after(i);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return [...statuses.values()].reduce((a, b) => a + b, 0);
}

const junk = (i: number) => `n=${i}&utm_source=${(i * 7919).toString(36)}&q=${'x'.repeat(i % 200)}`;
const withJunk = (path: string, i: number) => `${path}${path.includes('?') ? '&' : '?'}${junk(i)}`;

export async function memoryAttack(target: AbuseTarget, requests = 20_000): Promise<AbuseReport> {
  const { base, pid } = target.site;
  const paths = await cachedReads(base);
  const agent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  const get = async (path: string) => {
    const answer = await request(`${base}${path}`, { dispatcher: agent, headers: { 'accept-encoding': 'br' } });
    await answer.body.dump();
    return answer.statusCode;
  };
  try {
    // The long post shows once its projection has caught up.
    for (const path of paths) {
      const deadline = Date.now() + 30_000;
      let status = await get(path);
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        status = await get(path);
      }
      if (status !== 200) throw new Error(`${path} answered ${status} before the attack`);
    }
    // The same reads without made-up parameters first: the memory that serving at this pace takes
    // (heap, connections, compressed forms) is the baseline the attack is measured from.
    const warm = new Map<number, number>();
    await sendAll(
      WARM_UP_REQUESTS,
      target.seconds * 1000,
      (i) => paths[i % paths.length]!,
      get,
      warm,
      () => undefined,
    );
    const warmedUp = residentBytes(pid);
    let peak = warmedUp;
    const statuses = new Map<number, number>();
    const started = performance.now();
    const sent = await sendAll(
      requests,
      target.seconds * 1000,
      (i) => withJunk(paths[i % paths.length]!, i),
      get,
      statuses,
      (i) => {
        if (i % 500 === 0) peak = Math.max(peak, residentBytes(pid));
      },
    );
    const after = residentBytes(pid);
    peak = Math.max(peak, after);
    const budgetMiB = Number(target.settings?.CACHE_MEMORY_MB ?? 256);
    const grownMiB = (peak - warmedUp) / MIB;
    const problems: string[] = [];
    if (grownMiB > budgetMiB + SLACK_MIB) problems.push(`RSS grew by ${grownMiB.toFixed(0)} MiB, over the cache budget (${budgetMiB} MiB) + ${SLACK_MIB} MiB`);
    const failed = [...statuses].filter(([status]) => status !== 200);
    if (failed.length > 0) problems.push(`answers other than 200: ${failed.map(([s, n]) => `${n}× ${s}`).join(', ')}`);
    return {
      attack: 'memory: made-up query strings over every cached read',
      figures: {
        'GETs sent': sent,
        'GETs a second': Math.round(sent / ((performance.now() - started) / 1000)),
        'cache budget (MiB)': budgetMiB,
        'RSS before the attack, warmed up (MiB)': Math.round(warmedUp / MIB),
        'RSS peak (MiB)': Math.round(peak / MIB),
        'RSS growth (MiB)': Math.round(grownMiB),
      },
      problems,
    };
  } finally {
    await agent.close();
  }
}
