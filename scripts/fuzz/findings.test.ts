import { describe, expect, it } from 'vitest';
import { findingsOf } from './findings.js';
import type { RawResponse } from './http-transport.js';

const answer = (status: number, body: string, type = 'application/json'): RawResponse => ({ status, headers: { 'content-type': type }, body, ms: 1 });
const kinds = (response: RawResponse | Error) => findingsOf(response).map((f) => f.kind);

describe('findingsOf', () => {
  it('finds answers ≥ 500, but not the 503s and 507s the API gives on purpose', () => {
    expect(kinds(answer(507, '{"statusCode":507,"error":"storage_full","message":"The site\'s storage quota for uploads is full"}'))).toEqual([]);
    expect(kinds(answer(507, '{"statusCode":507,"error":"internal"}'))).toEqual(['server-error']);
    expect(kinds(answer(500, '{"statusCode":500,"error":"internal"}'))).toEqual(['server-error']);
    expect(kinds(answer(502, 'Bad Gateway', 'text/plain'))).toEqual(['server-error']);
    expect(kinds(answer(503, '{"statusCode":503,"error":"internal"}'))).toEqual(['server-error']);
    expect(kinds(answer(503, '{"statusCode":503,"error":"speech_unavailable","message":"install espeak-ng"}'))).toEqual([]);
    expect(kinds(answer(404, '{"statusCode":404,"error":"not_found"}'))).toEqual([]);
  });

  it('finds no answer at all', () => {
    expect(kinds(new Error('other side closed'))).toEqual(['no-answer']);
  });

  it('finds stack traces, server paths and SQL in answers of any status', () => {
    expect(kinds(answer(400, JSON.stringify({ message: 'boom\n    at handler (/srv/api/src/routes.ts:12:5)' })))).toContain('stack-trace');
    expect(kinds(answer(400, JSON.stringify({ message: 'in node_modules/kysely/dist/x.js' })))).toContain('stack-trace');
    expect(kinds(answer(400, JSON.stringify({ message: 'ENOENT: /work/main/.data/file' })))).toEqual(['file-path']);
    expect(kinds(answer(400, JSON.stringify({ message: 'invalid input syntax for type json' })))).toEqual(['sql']);
    expect(kinds(answer(409, JSON.stringify({ message: 'duplicate key value violates unique constraint "events_pkey"' })))).toEqual(['sql']);
    expect(kinds(answer(400, JSON.stringify({ message: 'select "posts"."url" from "posts"' })))).toEqual(['sql']);
    expect(kinds(answer(400, JSON.stringify({ message: 'Select user role' })))).toEqual([]);
    expect(kinds(answer(200, JSON.stringify({ text: 'Read it at dawn; select a passage from the canto.' })))).toEqual([]);
  });

  it('finds a script payload unescaped in HTML, in the HTML parts of a feed and in HTML fields of JSON', () => {
    expect(kinds(answer(404, '<p>No page <svg/onload=alert(1)></p>', 'text/html; charset=utf-8'))).toEqual(['xss']);
    expect(kinds(answer(404, '<p>No page &lt;svg/onload=alert(1)&gt;</p>', 'text/html'))).toEqual([]);
    expect(kinds(answer(200, '<rss><item><title><![CDATA[<svg/onload=alert(1)>]]></title></item></rss>', 'application/rss+xml'))).toEqual([]);
    expect(kinds(answer(200, '<rss><item><description><![CDATA[<svg/onload=alert(1)>]]></description></item></rss>', 'application/rss+xml'))).toEqual(['xss']);
    expect(kinds(answer(200, '<feed><title><svg/onload=alert(1)></title></feed>', 'application/atom+xml'))).toEqual(['xss']);
    expect(kinds(answer(200, JSON.stringify({ title: '<svg/onload=alert(1)>', html: '<p>&lt;svg/onload=alert(1)&gt;</p>' })))).toEqual([]);
    expect(kinds(answer(200, JSON.stringify([{ content_html: '<p><svg/onload=alert(1)></p>' }])))).toEqual(['xss']);
  });
});
