import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@epos/platform/testkit/free-port';
import { findCommand, runWrk, startNginx, startNodeHttp, type Reference } from './references.js';

const wrk = findCommand('wrk');
const nginx = findCommand('nginx');
// CI installs both (.ci/run); a machine without them says so instead of passing quietly.
const withTools = process.env.CI || (wrk && nginx) ? describe : describe.skip;

withTools("the benchmarks' references (nginx, bare node:http) under wrk", () => {
  let dir: string;
  const body = Buffer.from(JSON.stringify({ verse: 'Sing, goddess, the anger of Achilles '.repeat(50) }));
  const references: Reference[] = [];
  const siteHeaders = ['content-type', 'application/json; charset=utf-8', 'x-content-type-options', 'nosniff', 'x-request-id', ''];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-references-'));
    fs.writeFileSync(path.join(dir, 'section.json'), body);
    references.push(await startNginx(nginx!, dir, 'section.json', await freePort()));
    references.push(await startNodeHttp(path.join(dir, 'section.json'), await freePort()));
    references.push(await startNodeHttp(path.join(dir, 'section.json'), await freePort(), siteHeaders));
  });
  afterAll(async () => {
    for (const reference of references) await reference.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serve the very same bytes, and wrk measures each of them', async () => {
    for (const reference of references) {
      const answer = await fetch(reference.url);
      expect(Buffer.from(await answer.arrayBuffer()).equals(body)).toBe(true);
      const result = await runWrk(wrk!, reference.url, 1, 4);
      expect(result.errors).toBe(0);
      expect(result.requests).toBeGreaterThan(100);
      expect(result.requestsPerSecond).toBeGreaterThan(100);
      expect(result.p99).toBeGreaterThan(0);
    }
  });

  it("send the site's own headers when asked to, with a new request id each time", async () => {
    const withHeaders = references[2]!;
    const [first, second] = [await fetch(withHeaders.url), await fetch(withHeaders.url)];
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-length')).toBe(String(body.length));
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect((await fetch(references[1]!.url)).headers.get('x-content-type-options')).toBeNull();
  });
});
