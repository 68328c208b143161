/**
 * Rate limits and write limits hold across API processes: two of them behind one address share
 * the counters in PostgreSQL, so the 31st note within a minute is refused whichever answers.
 * Which process answered is told by each process's own access log (every request logged, with
 * its X-Request-Id) and, the same, by the proxy (X-Upstream): the API's answers name no process.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import type { TestDatabase } from '@epos/platform/testkit/test-database';
import { startCluster, type Cluster } from '../testkit/cluster.js';
import { UPSTREAM_HEADER } from '../testkit/round-robin-proxy.js';
import { SiteClient } from '../testkit/site-client.js';
import { startSite } from '../testkit/site-process.js';

let database: TestDatabase;
let cluster: Cluster;

beforeAll(async () => {
  database = await newTestDatabase();
  // Only the whole site seeds the demo accounts.
  await (await startSite({ databaseUrl: database.url })).stop();
  // The limits as configured (RATE_LIMIT_FACTOR 1), every request in the access log; no workers: nothing here needs them.
  cluster = await startCluster({
    databaseUrl: database.url,
    api: 2,
    projections: 1,
    workers: 0,
    env: { ACCESS_LOG_SAMPLE: '1', ACCESS_LOG_SAMPLED_PER_SECOND: '0' },
  });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
}, 300_000);

interface Seen {
  status: number;
  requestId: string;
  upstream: string | null;
  retryAfter: string | null;
}

/** Sends with a request id of its own, which the answering process's access line carries. */
async function send(request: (headers: Record<string, string>) => Promise<Response>, headers: Record<string, string> = {}): Promise<Seen> {
  const requestId = randomUUID();
  const response = await request({ ...headers, 'x-request-id': requestId });
  await response.arrayBuffer();
  return { status: response.status, requestId, upstream: response.headers.get(UPSTREAM_HEADER), retryAfter: response.headers.get('retry-after') };
}

/** The API processes whose own access log has a line for each answer, with its status (waiting a moment for lines on their way). */
async function loggedBy(answers: readonly Seen[]): Promise<string[]> {
  const find = () =>
    answers.map((a) => {
      const logged = cluster.byRole('api').filter((p) =>
        p
          .output()
          .split('\n')
          .some((line) => line.includes(`"reqId":"${a.requestId}"`) && line.includes(`"status":${a.status}`)),
      );
      return logged.map((p) => p.name).join('+') || 'none';
    });
  for (let tries = 0; tries < 20 && find().includes('none'); tries++) await new Promise((r) => setTimeout(r, 100));
  return find();
}

const upstreams = (answers: readonly Seen[]) => [...new Set(answers.map((a) => a.upstream))].sort();
const distinct = (names: readonly string[]) => [...new Set(names)].sort();

describe('limits across two API processes behind one address', () => {
  it('refuses the 31st note within a minute with 429 and Retry-After, whichever process answers', async () => {
    const reader = new SiteClient(cluster.base);
    await reader.login('reader', 'demo-reader-password');
    const note = (i: number) =>
      send((headers) =>
        reader.request('POST', '/postdata/myNotes', { body: { Content: `limit ${i}`, Sentencenumber: 1, Rtype: `limit-${randomUUID()}` }, headers }),
      );
    const allowed: Seen[] = [];
    for (let i = 1; i <= 30; i++) allowed.push(await note(i));
    expect(allowed.map((a) => a.status)).toEqual(Array(30).fill(200));
    // Round robin: each process took half of them, counting into the one shared counter.
    expect(upstreams(allowed)).toEqual(['api-1', 'api-2']);
    expect(await loggedBy(allowed)).toEqual(allowed.map((a) => a.upstream));

    const refused: Seen[] = [];
    for (let i = 31; i <= 34; i++) refused.push(await note(i));
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429]);
    expect(refused.every((a) => a.retryAfter !== null && Number(a.retryAfter) > 0)).toBe(true);
    expect(upstreams(refused)).toEqual(['api-1', 'api-2']);
    expect(distinct(await loggedBy(refused))).toEqual(['api-1', 'api-2']);
  }, 300_000);

  it('refuses the 11th login attempt from one address within a minute, whichever process answers', async () => {
    // The proxy appends its client (127.0.0.1); the APIs (TRUST_PROXY) count the first address.
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const visitor = new SiteClient(cluster.base);
    const attempt = () =>
      send((headers) => visitor.request('POST', '/login', { body: { UserName: 'nobody-here', Password: 'wrong-password' }, headers }), {
        'x-forwarded-for': address,
      });
    const answers: Seen[] = [];
    for (let i = 1; i <= 12; i++) answers.push(await attempt());
    expect(answers.slice(0, 10).every((a) => a.status !== 429)).toBe(true);
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[10]!.retryAfter).not.toBeNull();
    expect(upstreams(answers.slice(0, 10))).toEqual(['api-1', 'api-2']);
    expect(upstreams(answers.slice(10))).toEqual(['api-1', 'api-2']);
    expect(distinct(await loggedBy(answers.slice(10)))).toEqual(['api-1', 'api-2']);
    // Both processes counted the forwarded address, not the proxy's.
    const apiLogs = cluster.byRole('api').map((p) => p.output());
    expect(apiLogs.every((log) => log.includes(`"remoteAddress":"${address}"`))).toBe(true);

    // Another address is not held back by the first one's count.
    const other = await send((headers) => visitor.request('POST', '/login', { body: { UserName: 'nobody-here', Password: 'wrong-password' }, headers }), {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(other.status).not.toBe(429);
  }, 300_000);
});
