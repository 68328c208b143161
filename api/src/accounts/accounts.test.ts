import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '@epos/platform/mail/index';
import type { TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { TestClient } from '../testkit/client.js';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

let site: MailTestApi;
let api: TestApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  site = await startTestApiWithMail();
  ({ api, smtp } = site);
});
afterAll(async () => site?.close());

/** The link in the next mail to `to` after the first `seen` mails, as path and query. */
async function linkOfMail(to: string, seen: number): Promise<{ userId: string; code: string; path: string }> {
  const deadline = Date.now() + 20_000;
  let mail = smtp.received.slice(seen).find((m) => m.envelope.to.includes(to));
  while (!mail) {
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
    mail = smtp.received.slice(seen).find((m) => m.envelope.to.includes(to));
  }
  const url = new URL(extractLinks({ text: mail.parsed.text ?? '' })[0]!);
  expect(url.origin).toBe('https://epos.test');
  return { path: url.pathname, userId: url.searchParams.get('userId')!, code: url.searchParams.get('code')! };
}

const register = (client: TestClient, who: string) =>
  client.post('/register', { Email: `${who}@example.org`, Password: `pw-${who}-1234`, UserName: who, Name: `Reader ${who}` });

describe('accounts', () => {
  it('registers, confirms by mail, logs in with a secure cookie, and logs out', async () => {
    const browser = new TestClient(api.app);
    const registered = await register(browser, 'ada');
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ type: 1 });

    // The account is made just after the answer; its activation mail says it is there.
    const link = await linkOfMail('ada@example.org', 0);
    const before = await browser.post('/login', { UserName: 'ada', Password: 'pw-ada-1234' });
    expect(before.json()).toEqual({
      type: 0,
      error: 'Your email address is not confirmed yet. Use "Resend the activation email" below the form to get a new link.',
    });

    expect(link.path).toBe('/confirm-email');
    expect((await browser.post('/confirmemail', { userId: link.userId, Code: link.code })).json()).toMatchObject({ type: 1 });
    expect((await browser.post('/confirmemail', { userId: link.userId, Code: link.code })).json()).toMatchObject({ type: 0 });

    const login = await browser.post('/login', { UserName: 'ada', Password: 'pw-ada-1234', RememberMe: true });
    expect(login.json()).toEqual({ type: 1 });
    const cookie = login.cookies.find((c) => c.name === 'epos_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.secure).toBeFalsy();
    expect((await browser.get('/api/me')).json()).toMatchObject({ loggedIn: true, userName: 'ada', role: 'user' });

    expect((await browser.post('/logoff')).json()).toEqual({ type: 1 });
    expect((await browser.get('/api/me')).json()).toEqual({ loggedIn: false });
  });

  it('answers the spec messages for bad input, and stores nothing', async () => {
    const browser = new TestClient(api.app);
    const head = await api.deps.store.headPosition();
    expect((await browser.post('/register', { Email: 'x@example.org', Password: 'long-enough-9', UserName: 'has space', Name: 'X' })).json()).toEqual({
      type: 0,
      error: 'Spaces are not allowed in Username',
    });
    expect((await browser.post('/login', { UserName: 'nul\u0000', Password: 'x' })).statusCode).toBe(400);
    expect((await browser.post('/register', { Email: '', Password: 'p', UserName: 'x', Name: 'X' })).json()).toEqual({
      type: 0,
      error: 'All fields marked * are required.',
    });
    expect((await browser.post('/login', { UserName: '', Password: '' })).json()).toEqual({ type: 0, error: 'All fields marked * are required' });
    expect((await browser.post('/rpassword', {})).json()).toEqual({ type: 0, error: 'User Name is required to send password reset link' });
    expect((await browser.post('/ractivation', { UserName: ' ' })).json()).toEqual({ type: 0, error: 'User Name is required to send activation' });
    // Only facts about earlier tests' users (recorded after answering) may have arrived since.
    const since = await api.deps.store.readAll({ after: head, maxCount: 100 });
    expect(since.filter((e) => e.type !== 'LoginFailed')).toEqual([]);
  });

  it('refuses a new password shorter than 8 characters or among the most common, storing nothing; logging in is not judged by the rule', async () => {
    const browser = new TestClient(api.app);
    const head = await api.deps.store.headPosition();
    const registering = (Password: string) => browser.post('/register', { Email: 'rules@example.org', Password, UserName: 'rules', Name: 'R' });
    for (const [password, error] of [
      ['seven77', 'A new password needs at least 8 characters'],
      // Seven letters, eight UTF-16 units: characters are counted, not units.
      ['ab𝒞defg', 'A new password needs at least 8 characters'],
      ['password123', 'That password is one of the most common ones; choose another'],
      ['SunShine1', 'That password is one of the most common ones; choose another'],
    ]) {
      const answer = await registering(password!);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ type: 0, error });
    }
    expect(await api.deps.store.readAll({ after: head, maxCount: 100 }).then((events) => events.filter((e) => e.type !== 'LoginFailed'))).toEqual([]);
    // An existing password of any length is still checked as it was: a wrong one is a 401, not a rule.
    expect((await browser.post('/login', { UserName: 'nobody-here', Password: 'abc' })).statusCode).toBe(401);
  });

  it('refuses a state-changing request without the anti-forgery token (403), changing nothing', async () => {
    const head = await api.deps.store.headPosition();
    const response = await api.app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/json' },
      payload: { Email: 'f@example.org', Password: 'x', UserName: 'forger', Name: 'F' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: 'forbidden',
      message: 'This form has expired or did not come from this site. Reload the page and try again.',
    });
    expect(await api.deps.store.headPosition()).toBe(head);
    expect((await new TestClient(api.app).post('/upassword', { OldPassword: 'a', NewPassword: 'b' })).statusCode).toBe(401);
  });

  it('resets a password once through a mailed code, ending every session, and does not tell who exists', async () => {
    const browser = new TestClient(api.app);
    const seen = smtp.received.length;
    await register(browser, 'bo');
    const activation = await linkOfMail('bo@example.org', seen);
    await browser.post('/confirmemail', { userId: activation.userId, Code: activation.code });
    const other = new TestClient(api.app);
    await other.post('/login', { UserName: 'bo', Password: 'pw-bo-1234' });
    expect((await other.get('/api/me')).json()).toMatchObject({ loggedIn: true });

    const known = await browser.post('/rpassword', { UserName: 'bo' });
    const unknown = await browser.post('/rpassword', { UserName: 'nobody-at-all' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.statusCode).toBe(unknown.statusCode);

    const reset = await linkOfMail('bo@example.org', seen + 1);
    expect(reset.path).toBe('/reset-password');
    // A refused password leaves the link usable.
    expect((await browser.post('/resetp', { userId: reset.userId, Code: reset.code, Password: 'iloveyou1' })).json()).toEqual({
      type: 0,
      error: 'That password is one of the most common ones; choose another',
    });
    expect((await browser.post('/resetp', { userId: reset.userId, Code: reset.code, Password: 'short' })).json()).toEqual({
      type: 0,
      error: 'A new password needs at least 8 characters',
    });
    expect((await browser.post('/resetp', { userId: reset.userId, Code: reset.code, Password: 'new-secret-99' })).json()).toMatchObject({ type: 1 });
    expect((await browser.post('/resetp', { userId: reset.userId, Code: reset.code, Password: 'again-secret' })).json()).toMatchObject({ type: 0 });
    expect((await other.get('/api/me')).json()).toEqual({ loggedIn: false });
    expect((await browser.post('/login', { UserName: 'bo', Password: 'pw-bo-1234' })).json()).toMatchObject({ type: 0 });
    expect((await browser.post('/login', { UserName: 'bo', Password: 'new-secret-99' })).json()).toEqual({ type: 1 });

    // Asking again within a minute sends nothing more; an expired code does not work either.
    await browser.post('/rpassword', { UserName: 'bo' });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.slice(seen + 2).filter((m) => m.envelope.to.includes('bo@example.org'))).toEqual([]);
    await api.deps.database.db
      .updateTable('account_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', reset.userId)
      .execute();
    const before = smtp.received.length;
    await browser.post('/rpassword', { UserName: 'bo' });
    const late = await linkOfMail('bo@example.org', before);
    await api.deps.database.db
      .updateTable('account_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', late.userId)
      .execute();
    expect((await browser.post('/resetp', { userId: late.userId, Code: late.code, Password: 'too-late-1' })).json()).toMatchObject({ type: 0 });
  });

  it('changes a password, keeping this session and ending the others', async () => {
    const browser = new TestClient(api.app);
    const seen = smtp.received.length;
    await register(browser, 'cy');
    const activation = await linkOfMail('cy@example.org', seen);
    await browser.post('/confirmemail', { userId: activation.userId, Code: activation.code });
    const phone = new TestClient(api.app);
    await phone.post('/login', { UserName: 'cy', Password: 'pw-cy-1234' });
    await browser.post('/login', { UserName: 'cy', Password: 'pw-cy-1234' });
    expect((await browser.post('/upassword', { OldPassword: 'wrong', NewPassword: 'x-long-enough-1' })).json()).toEqual({
      type: 0,
      error: 'The current password is not right',
    });
    expect((await browser.post('/upassword', { OldPassword: 'pw-cy-1234', NewPassword: 'qwerty123' })).json()).toEqual({
      type: 0,
      error: 'That password is one of the most common ones; choose another',
    });
    expect((await browser.post('/upassword', { OldPassword: 'pw-cy-1234', NewPassword: 'x' })).json()).toEqual({
      type: 0,
      error: 'A new password needs at least 8 characters',
    });
    expect((await browser.post('/upassword', { OldPassword: '', NewPassword: 'x' })).json()).toEqual({ type: 0, error: 'Fields cannot be empty' });
    expect((await browser.post('/upassword', { OldPassword: 'pw-cy-1234', NewPassword: 'pw-cy-5678' })).json()).toEqual({
      type: 1,
      message: 'Password changed Successfully',
    });
    expect((await browser.get('/api/me')).json()).toMatchObject({ loggedIn: true });
    expect((await phone.get('/api/me')).json()).toEqual({ loggedIn: false });
  });

  it('tells nobody but the owner that an email is registered', async () => {
    const seen = smtp.received.length;
    const again = await register(new TestClient(api.app, '192.0.2.50'), 'ada-again');
    expect(again.statusCode).toBe(201);
    await linkOfMail('ada-again@example.org', seen);
    const taken = await new TestClient(api.app, '192.0.2.51').post('/register', {
      Email: 'ada-again@example.org',
      Password: 'x-long-enough-1',
      UserName: 'someone-else',
      Name: 'S',
    });
    expect(taken.json()).toEqual(again.json());
    const notice = await linkOfMail('ada-again@example.org', seen + 1);
    expect(notice.path).toBe('/forgot-password');
    expect(
      (
        await new TestClient(api.app, '192.0.2.52').post('/register', { Email: 'new@example.org', Password: 'x-long-enough-1', UserName: 'ADA', Name: 'S' })
      ).json(),
    ).toEqual({ type: 0, error: 'That User Name is taken; choose another' });
  });

  it('keeps passwords, hashes and codes out of the event log, hashes with argon2id, and seals personal data', async () => {
    const events = await sql<{ text: string }>`select data::text || metadata::text as text from events`.execute(api.deps.database.db);
    const log = events.rows.map((r) => r.text).join('\n');
    for (const secret of ['pw-ada-1234', 'new-secret-99', 'pw-cy-5678', 'ada@example.org', 'Reader ada', '$argon2']) expect(log).not.toContain(secret);
    const hashes = await api.deps.database.db.selectFrom('credentials').select('password_hash').execute();
    expect(hashes.every((h) => h.password_hash.startsWith('$argon2id$'))).toBe(true);
    const codes = await api.deps.database.db.selectFrom('account_codes').select('code_hash').execute();
    expect(codes.every((c) => /^[A-Za-z0-9_-]{43}$/.test(c.code_hash))).toBe(true);
  });

  it('limits login attempts per client (429)', async () => {
    const browser = new TestClient(api.app, '203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await browser.post('/login', { UserName: 'nobody', Password: 'guess' })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await new TestClient(api.app, '203.0.113.8').post('/login', { UserName: 'nobody', Password: 'guess' })).statusCode).toBe(401);
  });

  it.each([
    ['/register', { Email: 'r@example.org', Password: 'x', UserName: 'has space', Name: 'R' }],
    ['/rpassword', { UserName: 'nobody' }],
    ['/ractivation', { UserName: 'nobody' }],
    ['/resetp', { userId: '00000000-0000-4000-8000-000000000000', Code: 'x', Password: 'p' }],
  ])('limits %s per client (429 after 10 a minute)', async (url, body) => {
    const client = new TestClient(api.app, `203.0.113.${20 + url.length}`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post(url, body)).statusCode);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });
});

describe('cookies in production', () => {
  it('are Secure, and end with the browser unless "remember me"', async () => {
    const prod = await startTestApi({ env: { NODE_ENV: 'production' } });
    try {
      const { provisionUser } = await import('./provision.js');
      await provisionUser(prod.deps, {
        userName: 'pro',
        email: 'pro@example.org',
        name: 'P',
        password: 'pro-secret-1',
        role: 'user',
        confirmed: true,
        actor: 'test',
      });
      const login = await new TestClient(prod.app).post('/login', { UserName: 'pro', Password: 'pro-secret-1' });
      const cookie = login.cookies.find((c) => c.name === 'epos_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(cookie.maxAge).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
