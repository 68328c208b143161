import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '@epos/platform';
import { buildApi } from '../app.js';
import { TestClient } from '../testkit/client.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { CODE_LIFETIME_MS } from '@epos/platform/accounts/credentials';
import { activationMail, resetMail } from '@epos/workers/accounts/mails';
import { provisionUser } from './provision.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

let serial = 0;
/** A confirmed reader's account. */
async function account(): Promise<{ userName: string; password: string }> {
  serial += 1;
  const userName = `reader${serial}`;
  const password = `pw-${userName}-secret`;
  await provisionUser(api.deps, { userName, email: `${userName}@example.org`, name: userName, password, role: 'user', confirmed: true, actor: 'test' });
  return { userName, password };
}

/** A confirmed reader, and a client logged in as them from its own address (one password check). */
async function reader(): Promise<{ client: TestClient; userName: string; password: string }> {
  const user = await account();
  const client = new TestClient(api.app, `198.18.0.${serial}`);
  expect((await client.post('/login', { UserName: user.userName, Password: user.password })).json()).toEqual({ type: 1 });
  return { client, ...user };
}

function expectTooMany(response: LightMyRequestResponse, what: RegExp): void {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ statusCode: 429, error: 'too_many_requests', message: expect.stringMatching(what) });
  // The RateLimit fields tell the caller's own limits, never how many guesses an account has left.
  expect(response.headers['ratelimit-policy']).toMatch(/^"[a-z0-9-]+";q=\d+;w=\d+/);
  expect(response.headers.ratelimit).toMatch(/^"[a-z0-9-]+";r=\d+;t=\d+/);
  expect(String(response.headers['ratelimit-policy'])).not.toContain('this-account');
}

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value;

describe('password checks are rate limited', () => {
  it('stops guessing through a stolen session at /postdata/deleteAccount, and the account stays', async () => {
    const victim = await reader();
    const statuses: number[] = [];
    // The login was this address's first password check this minute; nine more are allowed.
    for (let i = 0; i < 10; i++) statuses.push((await victim.client.post('/postdata/deleteAccount', { Password: `guess-${i}` })).statusCode);
    expect(statuses).toEqual([...Array(9).fill(400), 429]);
    expectTooMany(await victim.client.post('/postdata/deleteAccount', { Password: victim.password }), /password attempts|account deletions/);
    expect((await victim.client.get('/api/me')).json()).toMatchObject({ loggedIn: true });
  });

  it('counts guesses per account whatever address they come from', async () => {
    const target = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await postWith({ ...(await fetchToken()), address: `198.19.1.${i + 1}` }, '/login', {
            UserName: target.userName.toUpperCase(),
            Password: `guess-${i}`,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
    // Even the right password waits now; another account is not affected.
    expectTooMany(
      await postWith({ ...(await fetchToken()), address: '198.19.2.1' }, '/login', { UserName: target.userName, Password: target.password }),
      /password attempts for this account/,
    );
    const other = await account();
    expect(
      (await postWith({ ...(await fetchToken()), address: '198.19.2.2' }, '/login', { UserName: other.userName, Password: other.password })).json(),
    ).toEqual({ type: 1 });
  });

  it('shares one count per account between login, password change and deletion', async () => {
    const target = await account();
    const session = await logIn(target.userName, target.password);
    const browser = { session, ...(await fetchToken(session)) };
    // Each guess from its own address, so only the account's count (20 in 15 minutes) can stop them.
    let address = 0;
    const from = () => `198.19.3.${++address}`;
    for (let i = 0; i < 8; i++)
      expect((await postWith({ ...browser, address: from() }, '/upassword', { OldPassword: `guess-${i}`, NewPassword: 'new-password-1' })).statusCode).toBe(
        400,
      );
    for (let i = 0; i < 8; i++)
      expect((await postWith({ ...browser, address: from() }, '/postdata/deleteAccount', { Password: `guess-${i}` })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++)
      expect((await postWith({ ...(await fetchToken()), address: from() }, '/login', { UserName: target.userName, Password: 'guess' })).statusCode).toBe(401);
    expectTooMany(
      await postWith({ ...(await fetchToken()), address: from() }, '/login', { UserName: target.userName, Password: target.password }),
      /password attempts for this account/,
    );
  });
});

describe('write limits (api/src/accounts/write-limits.ts)', () => {
  it('limits notes per user: 30 a minute, then 429 with Retry-After; other readers are not affected', async () => {
    const busy = await reader();
    const calm = await reader();
    // A sentence that does not exist (404) still counts: the limit is checked before the route runs.
    for (let i = 0; i < 30; i++)
      expect((await busy.client.post('/postdata/myNotes', { Content: `note ${i}`, Sentencenumber: 999_999, Rtype: 'note' })).statusCode).toBe(404);
    const head = await api.deps.store.headPosition();
    expectTooMany(
      await busy.client.post('/postdata/myNotes', { Content: 'one more', Sentencenumber: 999_999, Rtype: 'note' }),
      /Too many notes .*at most 30 a minute/,
    );
    expect(await api.deps.store.headPosition()).toBe(head);
    expect((await calm.client.post('/postdata/myNotes', { Content: 'mine', Sentencenumber: 999_999, Rtype: 'note' })).statusCode).toBe(404);
  });

  it('limits anonymous writes per address', async () => {
    const crawler = new TestClient(api.app, '198.20.0.1');
    for (let i = 0; i < 30; i++) expect((await crawler.post('/api/unsubscribe', { token: `forged-${i}` })).statusCode).toBe(400);
    expectTooMany(await crawler.post('/api/unsubscribe', { token: 'forged' }), /unsubscribe requests/);
    expect((await new TestClient(api.app, '198.20.0.2').post('/api/unsubscribe', { token: 'forged' })).statusCode).toBe(400);
  });

  it('limit a read with its own limit (speech) per address, counted in the shared counter, with Retry-After', async () => {
    const listener = new TestClient(api.app, '198.20.1.1');
    // Refused texts count too: the limit is checked before the route runs.
    for (let i = 0; i < 60; i++) expect((await listener.get('/api/tts')).statusCode).toBe(400);
    expectTooMany(await listener.get('/api/tts'), /Too many speech requests .*at most 60 a minute/);
    expect((await new TestClient(api.app, '198.20.1.2').get('/api/tts')).statusCode).toBe(400);
    const rows = await api.deps.database.db.selectFrom('rate_limits').select(['key', 'hits']).where('key', 'like', 'read:/api/tts:198.20.1.1:%').execute();
    expect(rows).toEqual([{ key: 'read:/api/tts:198.20.1.1:60000', hits: 61 }]);
  });

  it('are shared by every API process and survive a restart', async () => {
    const busy = await reader();
    for (let i = 0; i < 30; i++) await busy.client.post('/postdata/myNotes', { Content: `note ${i}`, Sentencenumber: 999_999, Rtype: 'note' });
    const restarted = await buildApi(api.deps, { serveUi: false });
    try {
      const again = new TestClient(restarted, '198.18.9.9');
      expect((await again.post('/login', { UserName: busy.userName, Password: busy.password })).json()).toEqual({ type: 1 });
      expectTooMany(await again.post('/postdata/myNotes', { Content: 'after restart', Sentencenumber: 999_999, Rtype: 'note' }), /Too many notes/);
    } finally {
      await restarted.close();
    }
  });
});

describe('anti-forgery tokens are bound to the session', () => {
  it('refuses a token fetched before logging in, and accepts one fetched after', async () => {
    const user = await reader();
    const browser = new TestClient(api.app, '198.21.0.1');
    const anonymous = await browser.get('/api/csrf');
    const before = anonymous.json<{ token: string }>().token;
    await browser.post('/login', { UserName: user.userName, Password: user.password });
    const stale = await browser.post('/postdata/updateSubscriptions', { UserBlogs: [], isSubscribed: true }, { 'x-csrf-token': before });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: 'forbidden', message: 'This form has expired or did not come from this site. Reload the page and try again.' });
    expect((await browser.post('/postdata/updateSubscriptions', { UserBlogs: [], isSubscribed: true })).statusCode).toBe(200);
  });

  it('refuses a token and secret cookie planted from another session (cookie tossing)', async () => {
    const attacker = await fetchToken();
    const victim = await reader();
    const session = await logIn(victim.userName, victim.password);
    const forged = await postWith({ session, ...attacker }, '/postdata/updateSubscriptions', { UserBlogs: [], isSubscribed: true });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: 'This form has expired or did not come from this site. Reload the page and try again.' });
    // The same request with a token of the victim's own session goes through.
    expect(
      (await postWith({ session, ...(await fetchToken(session)) }, '/postdata/updateSubscriptions', { UserBlogs: [], isSubscribed: true })).statusCode,
    ).toBe(200);
  });

  it('works in every API process: the key tokens are made with is shared', async () => {
    const user = await reader();
    const session = await logIn(user.userName, user.password);
    const other = await buildApi(api.deps, { serveUi: false });
    try {
      expect(
        (await postWith({ session, ...(await fetchToken(session)) }, '/postdata/updateSubscriptions', { UserBlogs: [], isSubscribed: true }, other)).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });
});

/** A token and its secret cookie, as GET /api/csrf gives them to a browser with this session (or none). */
async function fetchToken(session?: string): Promise<{ secret: string; token: string }> {
  const response = await api.app.inject({ method: 'GET', url: '/api/csrf', headers: session ? { cookie: `epos_session=${session}` } : {} });
  return { secret: cookieOf(response, 'epos_csrf')!, token: response.json<{ token: string }>().token };
}

/** A POST as a browser with this session (or none), anti-forgery token and secret cookie, from `address`. */
function postWith(
  browser: { session?: string; secret: string; token: string; address?: string },
  url: string,
  body: unknown,
  app = api.app,
): Promise<LightMyRequestResponse> {
  const cookie = [`epos_csrf=${browser.secret}`, ...(browser.session ? [`epos_session=${browser.session}`] : [])].join('; ');
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: browser.address ?? '198.21.0.1',
    headers: { 'content-type': 'application/json', 'x-csrf-token': browser.token, cookie },
    payload: JSON.stringify(body),
  });
}

/** Logs in the way a browser does, answering the new session's cookie. */
async function logIn(userName: string, password: string): Promise<string> {
  const response = await postWith(await fetchToken(), '/login', { UserName: userName, Password: password });
  expect(response.json()).toEqual({ type: 1 });
  return cookieOf(response, 'epos_session')!;
}

describe('paths no route serves', () => {
  it.each([
    ['POST', '/nope'],
    ['DELETE', '/api/whatever'],
    ['PUT', '/postdata/nothing-here'],
    ['PATCH', '/register'],
  ] as const)('%s %s answers 404, not 403', async (method, url) => {
    const response = await api.app.inject({ method, url, remoteAddress: '198.22.0.1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
  });
});

describe('registering', () => {
  /** Until the work a registration leaves for after its answer is done (its event written), so that it slows no timed request. */
  async function settled(): Promise<void> {
    let last = await api.deps.store.headPosition();
    for (let still = 0; still < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const now = await api.deps.store.headPosition();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  }

  it('takes as long for an email that has an account as for a new one', async () => {
    const owner = await reader();
    const times = { taken: [] as number[], fresh: [] as number[] };
    for (let i = 0; i < 8; i++) {
      const client = new TestClient(api.app, `198.23.0.${i + 1}`);
      await client.csrf();
      for (const kind of ['taken', 'fresh'] as const) {
        await settled();
        const email = kind === 'taken' ? `${owner.userName}@example.org` : `fresh-${i}@example.org`;
        const started = performance.now();
        const response = await client.post('/register', { Email: email, Password: 'pw-long-enough-1', UserName: `timing-${kind}-${i}`, Name: 'T' });
        times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(201);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both paths doing the same work: a ratio near 1. Without the argon2 work on the taken path: near 0.35.
    expect(median(times.taken) / median(times.fresh), JSON.stringify(times)).toBeGreaterThan(0.6);
  });
});

describe('mailed codes', () => {
  it('say how long they work, from the same constant that expires them', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://epos.test' });
    expect(CODE_LIFETIME_MS.reset).toBe(6 * 3600_000);
    expect(resetMail(config, 'a@example.org', 'A', 'u', 'c').text).toContain('valid for 6 hours, once');
    expect(activationMail(config, 'a@example.org', 'A', 'u', 'c').text).toContain('valid for 48 hours');
  });
});

describe('security headers', () => {
  it('allow https images, no inline or foreign styles, and deny powerful browser features', async () => {
    // A page's policy (this API serves no app, so the page is its not-found answer).
    const response = await api.app.inject({ method: 'GET', url: '/some/page' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/img-src 'self' data: blob: https:;/);
    expect(policy).toMatch(/style-src 'self';/);
    expect(policy).not.toContain('unsafe-inline');
    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    expect(permissions).not.toMatch(/autoplay|speaker/);
  });

  it('let the admin console, and it alone, style itself inline (its component library needs it)', async () => {
    for (const url of ['/admin', '/admin/', '/admin/users']) {
      const policy = String((await api.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(policy, url).toMatch(/style-src 'self' 'unsafe-inline';/);
      expect(policy, url).toMatch(/script-src 'self';/);
    }
    for (const url of ['/', '/administrators', '/blogs/admin']) {
      expect(String((await api.app.inject({ method: 'GET', url })).headers['content-security-policy']), url).toMatch(/style-src 'self';/);
    }
  });
});

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)('with REDIS_URL', () => {
  it('counts in Redis instead of PostgreSQL', async () => {
    const withRedis = await startTestApi({ env: { REDIS_URL: REDIS_URL ?? '' } });
    try {
      const userName = `redis-reader-${process.pid}`;
      await provisionUser(withRedis.deps, {
        userName,
        email: `${userName}@example.org`,
        name: 'R',
        password: 'pw-redis-secret',
        role: 'user',
        confirmed: true,
        actor: 'test',
      });
      const client = new TestClient(withRedis.app, '198.24.0.1');
      expect((await client.post('/login', { UserName: userName, Password: 'pw-redis-secret' })).json()).toEqual({ type: 1 });
      for (let i = 0; i < 30; i++) await client.post('/postdata/myNotes', { Content: `note ${i}`, Sentencenumber: 999_999, Rtype: 'note' });
      expectTooMany(await client.post('/postdata/myNotes', { Content: 'one more', Sentencenumber: 999_999, Rtype: 'note' }), /Too many notes/);
      expect(await withRedis.deps.database.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
    } finally {
      await withRedis.close();
    }
  });
});
