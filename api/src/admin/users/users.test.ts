import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserAnswer } from '@epos/schemas/admin/users';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let blogger: Person;
let reader: Person;

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  for (const slug of ['verse', 'prose']) expect((await admin.client.post('/postdata/createblog', { slug, title: slug.toUpperCase() })).statusCode).toBe(200);
  blogger = await signIn(api, 'blogger', { blogs: ['verse'] });
  reader = await signIn(api, 'user');
});
afterAll(async () => api?.close());

const send = (person: Person, method: 'PUT' | 'DELETE' | 'POST', url: string, body: unknown = {}) => person.client.send(method, url, body);
const list = (query: string, headers: Record<string, string> = {}) => admin.client.get(`/admin-api/users?${query}`, headers);
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('admin users', () => {
  it('lists users in SQL order with Content-Range, filters by role, blog and q, and pages', async () => {
    const all = await list(`sort=${enc(['name', 'ASC'])}&range=${enc([0, 99])}`);
    expect(all.statusCode).toBe(200);
    const users = all.json<AdminUserAnswer[]>();
    expect(all.headers['content-range']).toBe(`users 0-${users.length - 1}/${users.length}`);
    expect(users.map((u) => u.name)).toEqual([...users.map((u) => u.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(users.find((u) => u.id === blogger.userId)).toMatchObject({ role: 'blogger', blogs: ['verse'], emailConfirmed: true, userName: blogger.userName });

    expect((await list(`filter=${enc({ role: 'blogger' })}`)).json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([blogger.userId]);
    expect((await list(`filter=${enc({ blog: 'verse' })}`)).json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([blogger.userId]);
    expect((await list(`filter=${enc({ blog: 'prose' })}`)).json()).toEqual([]);
    expect((await list(`filter=${enc({ q: reader.userName.toUpperCase() })}`)).json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([reader.userId]);
    expect(
      (await list(`filter=${enc({ id: [reader.userId, admin.userId, 'nonsense'] })}`))
        .json<AdminUserAnswer[]>()
        .map((u) => u.id)
        .sort(),
    ).toEqual([reader.userId, admin.userId].sort());

    const second = await list(`sort=${enc(['name', 'ASC'])}&range=${enc([1, 1])}`);
    expect(second.json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([users[1]!.id]);
    expect(second.headers['content-range']).toBe(`users 1-1/${users.length}`);
    const byDesc = (await list(`sort=${enc(['name', 'DESC'])}&range=${enc([0, 99])}`)).json<AdminUserAnswer[]>();
    expect(byDesc.map((u) => u.id)).toEqual(users.map((u) => u.id).reverse());
  });

  it('answers 400 naming the parameter for malformed ones, 404 for an unknown id', async () => {
    expect((await list('sort=nope')).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('sort') });
    expect((await list(`sort=${enc(['password', 'ASC'])}`)).statusCode).toBe(400);
    expect((await list(`range=${enc([5, 1])}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('range') });
    expect((await list(`filter=${enc({ role: 'king' })}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('role') });
    expect((await list(`filter=${enc({ secret: 1 })}`)).statusCode).toBe(400);
    expect((await admin.client.get('/admin-api/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.client.get('/admin-api/users/not-a-uuid')).statusCode).toBe(400);
  });

  it('is for admins only: 401 anonymous, 403 for others, on reads and writes', async () => {
    const anonymous = new TestClient(api.app, '198.51.100.7');
    expect((await anonymous.get('/admin-api/users')).statusCode).toBe(401);
    expect((await reader.client.get('/admin-api/users')).statusCode).toBe(403);
    expect((await blogger.client.get(`/admin-api/users/${reader.userId}`)).statusCode).toBe(403);
    expect((await send(blogger, 'PUT', `/admin-api/users/${reader.userId}`, { role: 'admin', blogs: [] })).statusCode).toBe(403);
    expect((await send(reader, 'DELETE', `/admin-api/users/${blogger.userId}`)).statusCode).toBe(403);
  });

  it("assigns a role and blogs with the spec's messages, and refuses a stale version with 409", async () => {
    const target = await signIn(api, 'user');
    const loaded = (await admin.client.get(`/admin-api/users/${target.userId}`)).json<AdminUserAnswer>();
    expect(loaded.version).toBeGreaterThanOrEqual(0);
    const put = (body: Record<string, unknown>) => send(admin, 'PUT', `/admin-api/users/${target.userId}`, { version: loaded.version, ...body });
    expect((await put({ role: '' })).json()).toMatchObject({ statusCode: 400, message: 'Select user role' });
    expect((await put({ role: 'user', blogs: ['verse'] })).json()).toMatchObject({
      statusCode: 400,
      message: 'User with role user cannot be assigned any blog',
    });
    expect((await put({ role: 'blogger', blogs: [] })).json()).toMatchObject({ statusCode: 400, message: 'At least one blog is to assigned to blogger' });
    const saved = await put({ role: 'blogger', blogs: ['verse', 'prose'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: target.userId, role: 'blogger', blogs: ['verse', 'prose'], version: loaded.version + 2 });
    expect((await list(`filter=${enc({ blog: 'prose' })}`, after(saved))).json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([target.userId]);
    // Saved again from the same (now stale) form: someone changed the user since.
    expect((await put({ role: 'user', blogs: [] })).json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('reload') });
    expect((await admin.client.get(`/admin-api/users/${target.userId}`)).json()).toMatchObject({ role: 'blogger' });
  });

  it('locks an account (sessions end, logins refused) and unlocks it', async () => {
    const target = await signIn(api, 'user');
    const version = (await admin.client.get(`/admin-api/users/${target.userId}`)).json<AdminUserAnswer>().version;
    const login = () => new TestClient(api.app, '198.51.100.9').post('/login', { UserName: target.userName, Password: `pw-${target.userName}-secret` });
    expect((await send(admin, 'PUT', `/admin-api/users/${target.userId}`, { locked: 'yes' })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('locked'),
    });
    expect((await send(admin, 'PUT', `/admin-api/users/${admin.userId}`, { locked: true })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('your own account'),
    });
    const locked = await send(admin, 'PUT', `/admin-api/users/${target.userId}`, { locked: true, version });
    expect(locked.json()).toMatchObject({ locked: true, role: 'user', version: version + 1 });
    expect((await target.client.get('/api/me')).json()).toMatchObject({ loggedIn: false });
    expect((await login()).json()).toMatchObject({ type: 0, error: expect.stringContaining('locked') });
    expect((await list(`filter=${enc({ locked: true })}`, after(locked))).json<AdminUserAnswer[]>().map((u) => u.id)).toEqual([target.userId]);
    const unlocked = await send(admin, 'PUT', `/admin-api/users/${target.userId}`, { locked: false });
    expect(unlocked.json()).toMatchObject({ locked: false });
    expect((await login()).json()).toMatchObject({ type: 1 });
  });

  it('deletes an account with the erasure: personal data gone, sessions ended', async () => {
    const target = await signIn(api, 'user');
    const deleted = await send(admin, 'DELETE', `/admin-api/users/${target.userId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await admin.client.get(`/admin-api/users/${target.userId}`, after(deleted))).statusCode).toBe(404);
    expect((await target.client.get('/api/me')).json()).toMatchObject({ loggedIn: false });
    expect((await send(admin, 'DELETE', `/admin-api/users/${admin.userId}`)).statusCode).toBe(400);
  });
});
