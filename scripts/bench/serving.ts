/**
 * `npm run bench:serving`: the site as `npm start` runs it (one process, demo content, the default
 * log level), its cached reads under `wrk`, each beside nginx and a bare `node:http` serving the
 * very same bytes, one after the other, in the same run (issue 15's budgets: at least 40 % of
 * nginx and 75 % of bare node:http). Needs `wrk` and `nginx` (`apt-get install -y wrk nginx`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@epos/platform/testkit/free-port';
import { startSite } from '../testkit/site-process.js';
import { benchDatabase } from './bench-database.js';
import { findCommand, runWrk, startNginx, startNodeHttp, type Reference } from './poem/references.js';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const wrk = findCommand('wrk');
const nginx = findCommand('nginx');
if (!wrk || !nginx) throw new Error('bench:serving needs wrk and nginx: apt-get install -y wrk nginx');

const bench = await benchDatabase();
const site = await startSite({ databaseUrl: bench.url, env: { NODE_ENV: 'development', LOG_LEVEL: 'info' } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-serving-'));
const rows: string[] = [];
const misses: string[] = [];
try {
  const shell = await (await fetch(`${site.base}/`)).text();
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(shell)?.[1];
  const reads = [
    { name: 'cached section /api/sbook/1/1/1', path: '/api/sbook/1/1/1', budget: true },
    { name: 'blog list /api/blogs/reading-notes', path: '/api/blogs/reading-notes', budget: true },
    { name: 'recent posts /api/blogs/recent', path: '/api/blogs/recent', budget: true },
    { name: 'post page /api/blogs/reading-notes/on-reading-aloud', path: '/api/blogs/reading-notes/on-reading-aloud', budget: true },
    { name: 'index.html (the page shell)', path: '/', budget: false },
    ...(script ? [{ name: `hashed asset ${script}`, path: script, budget: false }] : []),
  ];
  console.log(`bench:serving: npm start (NODE_ENV=development, LOG_LEVEL=info, demo content), ${os.cpus().length} cores; wrk -t1 -c32 -d${SECONDS}s, each server alone`);
  for (const read of reads) {
    const answer = await fetch(`${site.base}${read.path}`);
    if (!answer.ok) throw new Error(`${read.path}: ${answer.status}`);
    const body = Buffer.from(await answer.arrayBuffer());
    const file = `body-${rows.length}`;
    fs.writeFileSync(path.join(dir, file), body);
    await runWrk(wrk, `${site.base}${read.path}`, 1); // warm-up
    const epos = await runWrk(wrk, `${site.base}${read.path}`, SECONDS);
    const measure = async (start: () => Promise<Reference>) => {
      const reference = await start();
      try {
        await runWrk(wrk, reference.url, 1);
        return await runWrk(wrk, reference.url, SECONDS);
      } finally {
        await reference.stop();
      }
    };
    const ngx = await measure(async () => startNginx(nginx, dir, file, await freePort()));
    const bare = await measure(async () => startNodeHttp(path.join(dir, file), await freePort()));
    const ofNginx = epos.requestsPerSecond / ngx.requestsPerSecond;
    const ofBare = epos.requestsPerSecond / bare.requestsPerSecond;
    const rate = (r: number) => Math.round(r).toLocaleString('en');
    rows.push(
      `  ${read.name} (${body.length.toLocaleString('en')} B)\n` +
        `    epos / nginx / bare node:http   ${rate(epos.requestsPerSecond)} / ${rate(ngx.requestsPerSecond)} / ${rate(bare.requestsPerSecond)} req/s` +
        ` (epos = ${Math.round(ofNginx * 100)} % of nginx, ${Math.round(ofBare * 100)} % of node:http; epos p99 ${epos.p99.toFixed(1)} ms, errors ${epos.errors})`,
    );
    console.log(rows.at(-1));
    if (read.budget && (ofNginx < 0.4 || ofBare < 0.75)) misses.push(`${read.name}: ${Math.round(ofNginx * 100)} % of nginx, ${Math.round(ofBare * 100)} % of node:http`);
    if (!read.budget && ofBare < 0.75) misses.push(`${read.name}: ${Math.round(ofBare * 100)} % of node:http`);
  }
  console.log(`\nbudgets (cached reads >= 40 % of nginx and >= 75 % of node:http; shell and assets >= 75 % of node:http): ${misses.length === 0 ? 'met' : `MISSED\n  ${misses.join('\n  ')}`}`);
} finally {
  await site.stop();
  await bench.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
