import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@epos/schemas';
import type { AdminUserAnswer } from '@epos/schemas/admin/users';
import { buildApi } from '../app.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { counterRoutes } from '../testkit/counter-routes.js';
import { TestClient } from '../testkit/client.js';
import { holdStream, type HeldStream } from '../testkit/event-stream.js';
import { caughtUp, newAccount, signIn, type Person } from '../testkit/people.js';

// Two API processes on one database: streams are held on the first (over real sockets), and every
// session is ended through the second, as behind a load balancer.
let api: TestApi;
let other: FastifyInstance;
let base: string;
let otherBase: string;
let admin: Person;
let author: Person;
const held: HeldStream[] = [];
let addresses = 0;
/** An address of its own for each stream holder (TRUST_PROXY is on: X-Forwarded-For is the client's address). */
const newAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  api = await startTestApi({
    env: { RATE_LIMIT_FACTOR: '20', TRUST_PROXY: 'true', STREAMS_PER_SESSION: '2', STREAMS_PER_ADDRESS: '3', STREAMS_PER_PROCESS: '5' },
  });
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  other = await buildApi(api.deps, { serveUi: false });
  otherBase = await other.listen({ host: '127.0.0.1', port: 0 });
  admin = await signIn(api, 'admin');
  expect((await admin.client.post('/postdata/createblog', { slug: 'herons', title: 'Herons' })).statusCode).toBe(200);
  author = await signIn(api, 'blogger', { blogs: ['herons'] });
});
afterEach(() => held.splice(0).forEach((stream) => stream.close()));
afterAll(async () => {
  await other?.close();
  await api?.close();
});

interface Follower {
  userId: string;
  userName: string;
  password: string;
}

/** A reader following the herons blog: each new post there is a notification on their streams. */
async function follower(): Promise<Follower> {
  const account = await newAccount(api, 'user');
  const session = await logIn(account);
  expect((await session.post('/postdata/updateSubscriptions', { UserBlogs: ['herons'], isSubscribed: true })).statusCode).toBe(200);
  await caughtUp(api);
  return account;
}

/** A new session of `account`, made through the second process. */
async function logIn(account: Follower, app: FastifyInstance = other): Promise<TestClient> {
  const client = new TestClient(app, newAddress());
  expect((await client.post('/login', { UserName: account.userName, Password: account.password })).json()).toMatchObject({ type: 1 });
  return client;
}

/** A notification stream of `session` held on the first process (or `at`), from an address of its own unless given one. */
async function hold(session: TestClient, address = newAddress(), at = base): Promise<HeldStream> {
  const stream = await holdStream(at, { cookie: session.cookieHeader(), 'x-forwarded-for': address });
  held.push(stream);
  return stream;
}

async function opened(session: TestClient): Promise<HeldStream> {
  const stream = await hold(session);
  expect(stream.status).toBe(200);
  await expect.poll(() => stream.events.length).toBe(1);
  return stream;
}

let posts = 0;
/** Publishes a post on herons; every follower's live streams hear of it. */
async function publish(): Promise<void> {
  const created = await author.client.post('/postdata/create', {
    blog_id: 'herons',
    title: `Heron ${++posts}`,
    series_title: 'Birds',
    md_content: 'A grey shape, standing.',
    status: 0,
  });
  expect(created.statusCode, created.body).toBe(200);
}

/** `ended` closes within 5 s and hears nothing more, while `live` (a session that goes on) hears of the next post. */
async function expectEndedQuietly(ended: HeldStream, live: HeldStream): Promise<void> {
  await expect.poll(() => ended.ended(), { timeout: 5_000 }).toBe(true);
  const [heard, liveHeard] = [ended.events.length, live.events.length];
  await publish();
  await expect.poll(() => live.events.length, { timeout: 60_000 }).toBeGreaterThan(liveHeard);
  expect(live.ended()).toBe(false);
  expect(ended.events).toHaveLength(heard);
}

describe('ending a session', () => {
  it('closes its streams on logging out, and only its own', async () => {
    const reader = await follower();
    const [leaving, staying] = [await logIn(reader), await logIn(reader)];
    const [stream, control] = [await opened(leaving), await opened(staying)];
    expect((await leaving.post('/logoff')).statusCode).toBe(200);
    await expectEndedQuietly(stream, control);
  });

  it("closes the other sessions' streams on a password change, and keeps its own", async () => {
    const reader = await follower();
    const [elsewhere, here] = [await logIn(reader), await logIn(reader)];
    const [stream, control] = [await opened(elsewhere), await opened(here)];
    expect((await here.post('/upassword', { OldPassword: reader.password, NewPassword: 'a-new-and-long-one-7' })).json()).toMatchObject({ type: 1 });
    await expectEndedQuietly(stream, control);
  });

  it('closes every stream of an account an administrator locks', async () => {
    const [reader, bystander] = [await follower(), await follower()];
    const [stream, control] = [await opened(await logIn(reader)), await opened(await logIn(bystander))];
    const console = await adminSession();
    const { version } = (await console.get(`/admin-api/users/${reader.userId}`)).json<AdminUserAnswer>();
    expect((await console.send('PUT', `/admin-api/users/${reader.userId}`, { locked: true, version })).statusCode).toBe(200);
    await expectEndedQuietly(stream, control);
  });

  it('closes every stream of an account given another role', async () => {
    const [reader, bystander] = [await follower(), await follower()];
    const [stream, control] = [await opened(await logIn(reader)), await opened(await logIn(bystander))];
    const console = await adminSession();
    expect((await console.post('/postdata/updateusers', { UserId: reader.userId, UserRole: 'blogger', UserBlogs: ['herons'] })).json()).toMatchObject({
      type: 1,
    });
    await expectEndedQuietly(stream, control);
    // The same role again is no change: sessions stay.
    const again = await logIn(reader);
    expect((await console.post('/postdata/updateusers', { UserId: reader.userId, UserRole: 'blogger', UserBlogs: ['herons'] })).json()).toMatchObject({
      type: 1,
    });
    expect((await again.get('/api/me')).json()).toMatchObject({ loggedIn: true });
  });

  it('closes every stream of an account its owner deletes', async () => {
    const [reader, bystander] = [await follower(), await follower()];
    const [leaving, elsewhere] = [await logIn(reader), await logIn(reader)];
    const [stream, streamElsewhere, control] = [await opened(leaving), await opened(elsewhere), await opened(await logIn(bystander))];
    expect((await leaving.post('/postdata/deleteAccount', { Password: reader.password })).statusCode).toBe(200);
    await expect.poll(() => streamElsewhere.ended(), { timeout: 5_000 }).toBe(true);
    await expectEndedQuietly(stream, control);
  });

  it("lets an administrator end one user's sessions, or every session but their own, each in the user's history", async () => {
    const [reader, bystander] = [await follower(), await follower()];
    const [stream, control] = [await opened(await logIn(reader)), await opened(await logIn(bystander))];
    const console = await adminSession();
    const someone = await logIn(bystander);
    expect((await someone.send('DELETE', `/admin-api/users/${reader.userId}/sessions`)).statusCode).toBe(403);
    expect((await someone.send('DELETE', '/admin-api/sessions')).statusCode).toBe(403);
    expect(stream.ended()).toBe(false);

    const one = await console.send('DELETE', `/admin-api/users/${reader.userId}/sessions`);
    expect(one.json()).toEqual({ id: reader.userId, message: 'Every session of this user has ended.' });
    await expectEndedQuietly(stream, control);
    const recorded = async (userId: string) =>
      (await api.deps.store.readStream(userStream(userId))).filter((e) => e.type === 'SessionsEnded').map((e) => e.metadata.actor);
    expect(await recorded(reader.userId)).toEqual([admin.userId]);

    const all = await console.send('DELETE', '/admin-api/sessions');
    expect(all.statusCode).toBe(200);
    expect(all.json<{ users: number }>().users).toBeGreaterThanOrEqual(3);
    await expect.poll(() => control.ended(), { timeout: 5_000 }).toBe(true);
    expect((await someone.get('/api/me')).json()).toMatchObject({ loggedIn: false });
    expect((await author.client.get('/api/me')).json()).toMatchObject({ loggedIn: false });
    expect((await console.get('/api/me')).json()).toMatchObject({ loggedIn: true });
    expect(await recorded(bystander.userId)).toEqual([admin.userId]);
    // The author writes again in the tests that follow.
    expect((await author.client.post('/login', { UserName: author.userName, Password: `pw-${author.userName}-secret` })).json()).toMatchObject({ type: 1 });
  });

  it('refuses a request in flight whose session ends before it answers, as if it had come without one', async () => {
    const reader = await follower();
    const session = await logIn(reader, api.app);
    const slow = session.get('/api/testkit/slowly-me?ms=1500');
    await setTimeout(300);
    await logOffThrough(other, session.cookieHeader());
    const answer = await slow;
    const anonymous = await new TestClient(api.app).get('/api/testkit/slowly-me?ms=0');
    expect(answer.statusCode).toBe(401);
    expect({ ...answer.json(), requestId: null }).toEqual({ ...anonymous.json(), requestId: null });
    expect(answer.body).not.toContain(reader.userId);
    // None of the route's own headers: a cache must not keep the refusal, or a position read after it.
    expect(answer.headers['cache-control']).toBe(anonymous.headers['cache-control']);
    // A session live throughout is answered.
    const live = await logIn(reader, api.app);
    expect((await live.get('/api/testkit/slowly-me?ms=100')).json()).toEqual({ userId: reader.userId });
  });

  it('cuts an answer already on its way when its session ends, so it never arrives whole', async () => {
    const reader = await follower();
    const session = await logIn(reader, api.app);
    const response = await fetch(`${base}/api/testkit/slowly-me?ms=4000&pieces=8`, { headers: { cookie: session.cookieHeader() } });
    expect(response.status).toBe(200);
    const reading = response.text().then(
      (body) => `arrived whole: ${body}`,
      () => 'cut',
    );
    await setTimeout(600);
    await logOffThrough(other, session.cookieHeader());
    expect(await reading).toBe('cut');
  });

  it('holds in a process that does not hear of ended sessions (its LISTEN connection lost): answers ask the database, streams are checked before each notice', async () => {
    const deaf = await buildApi(api.deps, { serveUi: false, extraRoutes: [counterRoutes] });
    const deafBase = await deaf.listen({ host: '127.0.0.1', port: 0 });
    await deaf.sessionEnds.close();
    try {
      const reader = await follower();
      const session = await logIn(reader, deaf);
      const slow = session.get('/api/testkit/slowly-me?ms=1500');
      await setTimeout(300);
      await logOffThrough(other, session.cookieHeader());
      expect((await slow).statusCode).toBe(401);

      const [leaving, staying] = [await logIn(reader), await logIn(reader)];
      const stream = await hold(leaving, newAddress(), deafBase);
      const control = await opened(staying);
      await expect.poll(() => stream.events.length).toBe(1);
      await logOffThrough(other, leaving.cookieHeader());
      const heard = control.events.length;
      await publish();
      await expect.poll(() => control.events.length, { timeout: 60_000 }).toBeGreaterThan(heard);
      await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
      expect(stream.events).toHaveLength(1);
    } finally {
      await deaf.close();
    }
  });
});

/** The administrator, in a session of their own on the second process. */
async function adminSession(): Promise<TestClient> {
  const console = new TestClient(other, newAddress());
  expect((await console.post('/login', { UserName: admin.userName, Password: `pw-${admin.userName}-secret` })).json()).toMatchObject({ type: 1 });
  return console;
}

/** Logs the session of `cookie` out through `app`, as another tab of the same browser would. */
async function logOffThrough(app: FastifyInstance, cookie: string): Promise<void> {
  const csrf = await app.inject({ method: 'GET', url: '/api/csrf', headers: { cookie } });
  const { token } = csrf.json<{ token: string }>();
  const csrfCookie = csrf.cookies.find((c) => c.name === 'epos_csrf');
  const answer = await app.inject({
    method: 'POST',
    url: '/logoff',
    headers: { cookie: csrfCookie ? `${cookie}; epos_csrf=${csrfCookie.value}` : cookie, 'x-csrf-token': token },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('open streams', () => {
  it('are capped per session, per address and per process, each refusal saying which cap, with Retry-After', async () => {
    const reader = await follower();
    const [first, second, third, fourth] = [await logIn(reader), await logIn(reader), await logIn(reader), await logIn(reader)];
    const [home, office, café] = [newAddress(), newAddress(), newAddress()];
    const expectRefused = (stream: HeldStream, message: string) => {
      expect(stream.status).toBe(429);
      expect(stream.headers.get('retry-after')).toBe('60');
      expect(JSON.parse(stream.refusal)).toMatchObject({ statusCode: 429, error: 'too_many_requests', message });
    };
    // Held on the second process, whose caps nothing else has used.
    const holdThere = (session: TestClient, address: string) => hold(session, address, otherBase);
    const firstStreams = [await holdThere(first, home), await holdThere(first, home)];
    expect(firstStreams.map((s) => s.status)).toEqual([200, 200]);
    expectRefused(
      await holdThere(first, home),
      'Too many notification streams open in this session (at most 2). Close this site in another tab or window, or wait 60 seconds and try again.',
    );
    expect((await holdThere(second, home)).status).toBe(200);
    expectRefused(
      await holdThere(second, home),
      'Too many notification streams open from your address (at most 3). Close this site in another tab or window, or wait 60 seconds and try again.',
    );
    expect([(await holdThere(third, office)).status, (await holdThere(third, office)).status]).toEqual([200, 200]);
    expectRefused(await holdThere(fourth, café), 'Too many notification streams open on this server (at most 5). Please wait 60 seconds and try again.');
    // A stream closed frees its place.
    firstStreams[0]!.close();
    await expect.poll(async () => (await holdThere(fourth, café)).status, { timeout: 5_000 }).toBe(200);
  });

  it('leave nothing watched once closed, nor do the requests that ended', async () => {
    held.splice(0).forEach((stream) => stream.close());
    await expect.poll(() => [api.app.sessionEnds.size, other.sessionEnds.size], { timeout: 5_000 }).toEqual([0, 0]);
  });
});
