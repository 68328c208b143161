import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createOutboxTransport, outboxDir, type MailTransport } from '@epos/platform/mail/index';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { devMailEnabled } from './routes.js';

let dataDir: string;
let api: TestApi;
let mail: MailTransport;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-dev-mail-'));
  api = await startTestApi({ env: { DATA_DIR: dataDir, NODE_ENV: 'development' } });
  mail = createOutboxTransport({ dir: outboxDir(dataDir) });
});
afterAll(async () => {
  await mail?.close();
  await api?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The real API over the same deps, with other settings (and the UI fallback on, as in production). */
async function apiWith(env: { NODE_ENV?: 'production' | 'test'; SMTP_URL?: string; TRUST_PROXY?: boolean }): Promise<FastifyInstance> {
  const app = await buildApi({ ...api.deps, config: { ...api.deps.config, ...env } });
  await app.ready();
  return app;
}

describe('dev mailbox /dev/mail', () => {
  it('lists outbox messages newest first, with time, recipient, subject and links', async () => {
    const first = await mail.send({ to: 'one@example.org', subject: 'Welcome', text: 'Confirm: https://epos.example/confirm?t=1&u=2' });
    const second = await mail.send({ to: 'two@example.org', subject: 'Reset your password', text: 'https://epos.example/reset?t=9' });

    const response = await api.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body).toContain(`<a href="/dev/mail/${second.id}">Reset your password</a>`);
    expect(body).toContain('<a href="https://epos.example/confirm?t=1&amp;u=2" target="_blank" rel="noopener noreferrer">');
    expect(body).toContain('one@example.org');
    expect(body.indexOf(second.id)).toBeLessThan(body.indexOf(first.id));
  });

  it('escapes message content: no markup from a subject, text, header or HTML body runs', async () => {
    const evil = await mail.send({
      to: 'x@example.org',
      subject: '<script>alert("subject")</script>',
      text: 'Hi "><img src=x onerror=alert(1)> https://epos.example/ok?a=<b>',
      html: '<p>Hello</p><script>alert("html")</script><a href="javascript:alert(2)">js</a><a href="https://epos.example/h">h</a>',
      headers: { 'X-Note': '<b>bold</b>' },
    });

    const list = (await api.app.inject({ method: 'GET', url: '/dev/mail' })).body;
    expect(list).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(list).not.toMatch(/<script/i);

    const response = await api.app.inject({ method: 'GET', url: `/dev/mail/${evil.id}` });
    expect(response.statusCode).toBe(200);
    const page = response.body;
    expect(page).not.toMatch(/<script|<img|<b>|javascript:alert\(2\)"/i);
    expect(page).toContain('<h1>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</h1>');
    expect(page).toContain('<pre>Hi &quot;&gt;&lt;img src=x onerror=alert(1)&gt; <a href="https://epos.example/ok?a=" target="_blank"');
    expect(page).toContain('<dt>X-Note</dt><dd>&lt;b&gt;bold&lt;/b&gt;</dd>');
    // The HTML body only inside a sandboxed frame, as an escaped srcdoc; its http link is listed, the javascript: one is not.
    expect(page).toContain(
      '<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" srcdoc="&lt;p&gt;Hello&lt;/p&gt;&lt;script&gt;alert(&quot;html&quot;)&lt;/script&gt;',
    );
    expect(page).toContain('<li><a href="https://epos.example/h" target="_blank" rel="noopener noreferrer">https://epos.example/h</a></li>');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);

    const raw = await api.app.inject({ method: 'GET', url: `/dev/mail/${evil.id}/raw` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.body).toMatch(/^Subject: /m);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of ['/dev/mail/2030-01-02T03-04-05-006Z-0123456789abcdef', '/dev/mail/..%2F..%2Fetc%2Fpasswd', '/dev/mail/nope/raw']) {
      expect((await api.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('is on only in development, with the outbox, not behind a proxy', async () => {
    const dev = { NODE_ENV: 'development' as const, SMTP_URL: undefined, TRUST_PROXY: false };
    expect(devMailEnabled(dev)).toBe(true);
    expect(devMailEnabled({ ...dev, NODE_ENV: 'test' })).toBe(false);
    expect(devMailEnabled({ ...dev, NODE_ENV: 'production' })).toBe(false);
    expect(devMailEnabled({ ...dev, SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(false);
    expect(devMailEnabled({ ...dev, TRUST_PROXY: true })).toBe(false);

    const { id } = await mail.send({ to: 'p@example.org', subject: 'Private', text: 'secret link https://epos.example/s' });
    for (const env of [{ NODE_ENV: 'production' as const }, { NODE_ENV: 'test' as const }, { SMTP_URL: 'smtp://127.0.0.1:2525' }, { TRUST_PROXY: true }]) {
      const app = await apiWith(env);
      try {
        for (const url of ['/dev/mail', `/dev/mail/${id}`, `/dev/mail/${id}/raw`]) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.statusCode, `${JSON.stringify(env)} ${url}`).toBe(404);
          expect(response.body).not.toContain('Private');
        }
      } finally {
        await app.close();
      }
    }
  });

  it('answers only callers on this machine: not another address, not a request a local proxy passed on', async () => {
    const { id } = await mail.send({ to: 'q@example.org', subject: 'Only here', text: 'https://epos.example/q' });
    expect((await api.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1' })).body).toContain('Only here');
    const refused = [
      { remoteAddress: '192.0.2.10' },
      { remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } },
    ];
    for (const caller of refused) {
      for (const url of ['/dev/mail', `/dev/mail/${id}`, `/dev/mail/${id}/raw`]) {
        const response = await api.app.inject({ method: 'GET', url, ...caller });
        expect(response.statusCode, `${JSON.stringify(caller)} ${url}`).toBe(404);
        expect(response.body).not.toContain('Only here');
      }
    }
  });

  it('keeps scripts out but lets the page and previewed mails style themselves inline', async () => {
    const policy = String((await api.app.inject({ method: 'GET', url: '/dev/mail' })).headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self'");
    expect(String((await api.app.inject({ method: 'GET', url: '/some/page' })).headers['content-security-policy'])).toContain("style-src 'self';");
  });
});
