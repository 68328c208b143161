import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner, createLogger, type Projection } from '@epos/platform';
import { usersProjection, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import fs from 'node:fs';
import type { PoemFile, Role } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import type { LightMyRequestResponse } from 'fastify';
import { TestClient } from '../testkit/client.js';
import { after as consistentAfter } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { permissions, type Permission } from '@epos/schemas/accounts/permissions';
import { provisionUser } from './provision.js';
import { Credentials } from '@epos/platform/accounts/credentials';
import { seal } from '@epos/projections/accounts/sealing';
import { userStream } from '@epos/schemas';

let api: TestApi;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const demo = JSON.parse(fs.readFileSync(DEMO_POEM_FILE, 'utf8')) as PoemFile;
const importDemo = async (poem: PoemFile, confirmed = false) => {
  const report = await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.json', content: JSON.stringify(poem), cause: { actor: 'test' }, confirmed },
  );
  await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 60_000 });
  return report;
};

beforeAll(async () => {
  api = await startTestApi({
    blogs: async () => [
      { id: 'news', name: 'News' },
      { id: 'letters', name: 'Letters' },
    ],
  });
  await importDemo(demo);
});
afterAll(async () => api.close());

let serial = 0;
async function signedIn(role: Role | 'anonymous'): Promise<{ client: TestClient; userId: string | null; userName: string; password: string }> {
  const client = new TestClient(api.app, `198.51.100.${++serial}`);
  if (role === 'anonymous') return { client, userId: null, userName: '', password: '' };
  const userName = `${role}${serial}`;
  const password = `pw-${userName}-secret`;
  const userId = await provisionUser(api.deps, {
    userName,
    email: `${userName}@example.org`,
    name: `Name ${userName}`,
    password,
    role,
    confirmed: true,
    actor: 'test',
  });
  // Roles are read from the users read model: wait for it before logging in.
  await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: ['users'], timeoutMs: 60_000 });
  expect((await client.post('/login', { UserName: userName, Password: password })).json()).toEqual({ type: 1 });
  await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: ['users'], timeoutMs: 60_000 });
  return { client, userId, userName, password };
}

describe('personal notes', () => {
  it('keeps a note private to its author', async () => {
    const ada = await signedIn('user');
    const bo = await signedIn('user');
    expect((await ada.client.post('/postdata/myNotes', { Content: '  ', Sentencenumber: 3, Rtype: 'note' })).json()).toEqual({
      type: 0,
      error: "Textarea can't be blank",
    });
    const saved = await ada.client.post('/postdata/myNotes', { Content: 'The lamp is memory.', Sentencenumber: 3, Rtype: 'note' });
    expect(saved.json()).toEqual({ type: 1, message: 'Note Saved Successfully', NoteId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const after = { 'x-consistent-after': String(saved.headers['x-position']) };
    expect((await ada.client.get('/postdata/getmynotes/3', after)).json()).toEqual([
      expect.objectContaining({ Content: 'The lamp is memory.', Sentencenumber: 3, Rtype: 'note' }),
    ]);
    expect((await bo.client.get('/postdata/getmynotes/3', after)).json()).toEqual([]);
    expect((await new TestClient(api.app).get('/postdata/getmynotes/3')).statusCode).toBe(401);
    expect((await ada.client.post('/postdata/myNotes', { Content: 'Nowhere.', Sentencenumber: 99999, Rtype: 'note' })).statusCode).toBe(404);
  });

  it("keeps several notes on a sentence, edits one by its id, deletes one, and never touches another reader's", async () => {
    const ada = await signedIn('user');
    const bo = await signedIn('user');
    const first = await ada.client.post('/postdata/myNotes', { Content: 'Dusk as a door.', Sentencenumber: 5 });
    const second = await ada.client.post('/postdata/myNotes', { Content: 'The keeper hesitates.', Sentencenumber: 5 }, consistentAfter(first));
    const [firstId, secondId] = [first.json().NoteId as string, second.json().NoteId as string];
    expect(firstId).not.toBe(secondId);
    const list = async (client: TestClient, since: LightMyRequestResponse) =>
      (await client.get('/postdata/getmynotes/5', consistentAfter(since))).json() as { NoteId: string; Content: string }[];
    expect((await list(ada.client, second)).map((n) => n.Content)).toEqual(['Dusk as a door.', 'The keeper hesitates.']);

    const edited = await ada.client.post('/postdata/myNotes', { NoteId: firstId, Content: 'Dusk as a threshold.', Sentencenumber: 5 }, consistentAfter(second));
    expect(edited.json()).toMatchObject({ type: 1, NoteId: firstId });
    expect(await list(ada.client, edited)).toEqual([
      expect.objectContaining({ NoteId: secondId, Content: 'The keeper hesitates.' }),
      expect.objectContaining({ NoteId: firstId, Content: 'Dusk as a threshold.' }),
    ]);

    // Another reader can neither edit nor delete it, nor learn it exists; nothing is recorded.
    const head = await api.deps.store.headPosition();
    expect((await bo.client.post('/postdata/myNotes', { NoteId: firstId, Content: 'Mine now.', Sentencenumber: 5 }, consistentAfter(edited))).statusCode).toBe(
      404,
    );
    expect((await bo.client.post('/postdata/deleteNote', { NoteId: firstId }, consistentAfter(edited))).statusCode).toBe(404);
    // An id moved to another sentence is refused too.
    expect(
      (await ada.client.post('/postdata/myNotes', { NoteId: firstId, Content: 'Elsewhere.', Sentencenumber: 6 }, consistentAfter(edited))).statusCode,
    ).toBe(404);
    expect((await ada.client.post('/postdata/deleteNote', {}, consistentAfter(edited))).json()).toEqual({
      type: 0,
      error: 'NoteId: expected a note id from the notes list',
    });
    expect(await api.deps.store.headPosition()).toBe(head);

    const deleted = await ada.client.post('/postdata/deleteNote', { NoteId: secondId }, consistentAfter(edited));
    expect(deleted.json()).toEqual({ type: 1, message: 'Note deleted' });
    expect((await list(ada.client, deleted)).map((n) => n.NoteId)).toEqual([firstId]);
    expect((await ada.client.post('/postdata/deleteNote', { NoteId: secondId }, consistentAfter(deleted))).statusCode).toBe(404);

    // A note saved before notes had ids (one per sentence and kind) is listed with an id of its own, and can be deleted.
    const key = (await new Credentials(api.deps.database.db).keyOf(ada.userId!))!;
    const sentenceId = (
      await (
        await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION)
      )
        .selectFrom('sentences')
        .select('id')
        .where('sentence', '=', 5)
        .executeTakeFirstOrThrow()
    ).id;
    const { position } = await api.deps.store.append(
      userStream(ada.userId!),
      [{ type: 'NoteSaved', data: { userId: ada.userId!, sentence: sentenceId, rtype: 'note', content: seal(key, 'An old note.') } }],
      { expectedRevision: 'stream_exists', cause: { actor: ada.userId! } },
    );
    const withOld = (await ada.client.get('/postdata/getmynotes/5', { 'x-consistent-after': String(position) })).json() as {
      NoteId: string;
      Content: string;
    }[];
    const old = withOld.find((n) => n.Content === 'An old note.')!;
    expect(old.NoteId).toBe(`${sentenceId}-note`);
    const removed = await ada.client.post('/postdata/deleteNote', { NoteId: old.NoteId }, { 'x-consistent-after': String(position) });
    expect(removed.json()).toMatchObject({ type: 1 });
    expect((await list(ada.client, removed)).map((n) => n.NoteId)).toEqual([firstId]);
  });

  it('follows its sentence when an edition inserts one before it', async () => {
    const ada = await signedIn('user');
    const saved = await ada.client.post('/postdata/myNotes', { Content: 'Where the lamp is first named.', Sentencenumber: 3, Rtype: 'note' });
    await api.deps.progress.waitFor(BigInt(String(saved.headers['x-position'])), { names: ['notes'], timeoutMs: 60_000 });
    const longer = structuredClone(demo);
    const first = longer.books[0]!.cantos[0]!.sections[0]!.sentences;
    first.unshift({ sentence: 1, stanza: 1, text: { first: ['Before the lamp, the dark was all the vale.'] } });
    let n = 0;
    for (const s of longer.books.flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((x) => x.sentences)))) s.sentence = ++n;
    expect((await importDemo(longer)).plan.counts).toMatchObject({ new: 1, withdrawn: 0 });
    const head = { 'x-consistent-after': String(await api.deps.store.headPosition()) };
    expect((await ada.client.get('/postdata/getmynotes/4', head)).json()).toEqual([
      expect.objectContaining({ Content: 'Where the lamp is first named.', Sentencenumber: 4 }),
    ]);
    expect((await ada.client.get('/postdata/getmynotes/3', head)).json()).toEqual([]);
    expect((await ada.client.get('/postdata/mydata', head)).json().notes).toEqual([
      expect.objectContaining({ sentence: 4, content: 'Where the lamp is first named.' }),
    ]);
    await importDemo(demo, true);
  });
});

describe('account data and deletion', () => {
  it('downloads everything as JSON, then deletes the account so that even a rebuild shows a deleted user', async () => {
    const me = await signedIn('user');
    const saved = await me.client.post('/postdata/myNotes', { Content: 'mine', Sentencenumber: 1 });
    const data = (await me.client.get('/postdata/mydata', { 'x-consistent-after': String(saved.headers['x-position']) })).json();
    expect(data).toMatchObject({
      account: { name: expect.stringMatching(/^Name user/), email: expect.stringMatching(/@example\.org$/) },
      notes: [{ sentence: 1, content: 'mine' }],
      blogs: [],
      subscriptions: [],
      logins: [{ succeeded: true, at: expect.any(String) }],
    });

    expect((await me.client.post('/postdata/deleteAccount', { Password: 'wrong' })).json()).toMatchObject({ type: 0 });
    const deleted = await me.client.post('/postdata/deleteAccount', { Password: me.password });
    expect(deleted.json()).toMatchObject({ type: 1 });
    expect((await me.client.get('/api/me')).json()).toEqual({ loggedIn: false });
    await api.deps.progress.waitFor(BigInt(String(deleted.headers['x-position'])), { timeoutMs: 60_000 });

    const users = await api.deps.progress.readModel<UsersReadModel>('users');
    expect(await users.selectFrom('users').select(['user_name', 'email', 'name', 'deleted']).where('user_id', '=', me.userId!).executeTakeFirst()).toEqual({
      user_name: 'deleted user',
      email: null,
      name: 'deleted user',
      deleted: true,
    });

    // Rebuild the users read model from the log alone: the personal data cannot be read any more.
    const runner = new ProjectionRunner({
      database: api.deps.database,
      store: api.deps.store,
      logger: createLogger('silent', 't'),
      projections: [{ ...usersProjection, name: 'users_rebuilt' } as Projection],
    });
    await runner.start();
    await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: ['users_rebuilt'], timeoutMs: 60_000 });
    await runner.stop();
    const again = api.deps.database.db.withSchema(`rm_users_rebuilt_v${usersProjection.version}`) as unknown as import('kysely').Kysely<UsersReadModel>;
    expect(await again.selectFrom('users').select(['user_name', 'email']).where('user_id', '=', me.userId!).executeTakeFirst()).toEqual({
      user_name: 'deleted user',
      email: null,
    });
    const anyoneElse = await again.selectFrom('users').select('user_name').where('user_id', '!=', me.userId!).execute();
    expect(anyoneElse.every((u) => u.user_name !== 'deleted user')).toBe(true);
  });
});

describe('permission matrix', () => {
  type Call = { url: string; body: unknown; valid?: boolean; method?: 'get' };
  const calls = (target: string): Record<Permission, (role: string) => Call> => ({
    'accounts.register': () => ({ url: '/register', body: { Email: 'm@example.org', Password: 'p', UserName: '', Name: 'M' } }),
    'accounts.login': () => ({ url: '/login', body: { UserName: 'nobody-here', Password: 'x' } }),
    'accounts.confirmEmail': () => ({ url: '/confirmemail', body: { userId: '00000000-0000-4000-8000-000000000000', Code: 'x' } }),
    'accounts.requestActivation': () => ({ url: '/ractivation', body: { UserName: 'nobody-here' }, valid: true }),
    'accounts.requestReset': () => ({ url: '/rpassword', body: { UserName: 'nobody-here' }, valid: true }),
    'accounts.resetPassword': () => ({ url: '/resetp', body: { userId: '00000000-0000-4000-8000-000000000000', Code: 'x', Password: 'p' } }),
    'accounts.changePassword': () => ({ url: '/upassword', body: { OldPassword: '', NewPassword: '' } }),
    'accounts.delete': () => ({ url: '/postdata/deleteAccount', body: { Password: '' } }),
    'notes.save': () => ({ url: '/postdata/myNotes', body: { Content: 'matrix', Sentencenumber: 2 }, valid: true }),
    'notes.delete': () => ({ url: '/postdata/deleteNote', body: { NoteId: '' } }),
    'study.highlight': () => ({ url: '/api/my/highlights', body: { sentence: 1, edition: 'first' } }),
    'study.bookmark': () => ({ url: '/api/my/collections', body: { name: '' } }),
    'study.reading': () => ({ url: '/api/my/reading', body: { sentence: 1, seconds: 0, timeZone: 'UTC' } }),
    'study.plan': () => ({ url: '/api/my/plans', body: { days: 0, timeZone: 'UTC' } }),
    'plans.curate': () => ({ url: '/admin-api/plans', body: { title: '' } }),
    'subscriptions.change': () => ({ url: '/postdata/updateSubscriptions', body: { UserBlogs: ['news'], isSubscribed: true }, valid: true }),
    'testkit.counters': (role) => ({ url: `/api/testkit/counters/matrix-${role}`, body: { name: 'm' }, valid: true }),
    'poem.edit': () => ({ url: '/postdata/utranslations/fr', body: { SentenceNumber: 1, Translated: 'x' } }),
    'suggestions.make': () => ({ url: '/postdata/suggestions', body: { sentence: 1, part: 'tr-fr', proposed: ' ' } }),
    'suggestions.review': () => ({ url: '/postdata/suggestions/00000000-0000-4000-8000-000000000000/accept', body: {} }),
    'admin.console': () => ({ url: '/admin-api/events', body: undefined, valid: true, method: 'get' }),
    'admin.jobs': () => ({ url: '/admin-api/queues/mail.send/jobs/matrix/retry', body: {} }),
    'users.manage': () => ({ url: '/postdata/updateusers', body: { UserId: target, UserRole: 'user' }, valid: true }),
    'blogs.write': () => ({ url: '/postdata/generateurl', body: { title: 'Matrix' }, valid: true }),
    'blogs.preview': () => ({ url: '/postdata/preview', body: { md_content: 'See ||2||.' }, valid: true }),
    'blogs.manage': (role) => ({ url: '/postdata/createblog', body: { slug: `matrix-${role}`, title: 'Matrix' }, valid: true }),
    'comments.write': () => ({ url: '/postdata/comment/00000000-0000-4000-8000-000000000000', body: { cm: 'matrix' } }),
    'subscriptions.unsubscribe': () => ({ url: '/api/unsubscribe', body: { token: 'not-a-signed-token' } }),
    'media.upload': () => ({ url: '/postdata/media', body: {} }),
    'media.manage': () => ({ url: '/postdata/mediaAudio', body: {} }),
    'pdf.request': () => ({ url: '/postdata/generatePdf', body: { typeOf: '' } }),
    'library.manage': (role) => ({
      url: '/postdata/createPage',
      body: { name: 'Matrix', url: `/matrix-${role}`, permalink: 'matrix', category: 'Main menu', priority: 1, md_content: 'A page.' },
      valid: true,
    }),
    'works.write': () => ({ url: '/postdata/works', body: { TypeOf: 'text', SentenceNumber: '', Description: 'matrix' } }),
    'works.moderate': () => ({ url: '/postdata/works/00000000-0000-4000-8000-000000000000/hide', body: {} }),
    'notifications.own': () => ({ url: '/postdata/notifications/read', body: { upTo: '1' }, valid: true }),
    // Last: it ends the session the others need.
    'accounts.logoff': () => ({ url: '/logoff', body: {}, valid: true }),
  });

  it('covers every write route: allowed roles get through (and valid calls succeed), others get 401/403 and change nothing', async () => {
    const target = (await signedIn('user')).userId!;
    const table = calls(target);
    expect(new Set(Object.keys(table))).toEqual(new Set(Object.keys(permissions)));
    const clients = {
      anonymous: await signedIn('anonymous'),
      user: await signedIn('user'),
      blogger: await signedIn('blogger'),
      admin: await signedIn('admin'),
    };
    const counts = async () => ({
      head: await api.deps.store.headPosition(),
      sessions: (
        await api.deps.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      credentials: (
        await api.deps.database.db
          .selectFrom('credentials')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    for (const [permission, call] of Object.entries(table) as [Permission, (role: string) => Call][]) {
      const audience = permissions[permission];
      for (const [role, { client }] of Object.entries(clients)) {
        const { url, body, valid, method } = call(role);
        const allowed = audience === 'anyone' || (role !== 'anonymous' && (audience === 'signed-in' || (audience as readonly string[]).includes(role)));
        const before = await counts();
        const response = method === 'get' ? await client.get(url) : await client.post(url, body);
        const refusal = (response.json() as { error?: string }).error;
        if (allowed) {
          expect(['unauthorized', 'forbidden'], `${role} ${url}`).not.toContain(refusal);
          if (valid) expect(response.statusCode, `${role} ${url}`).toBeLessThan(300);
        } else {
          expect(response.statusCode, `${role} ${url}`).toBe(role === 'anonymous' ? 401 : 403);
          expect(refusal).toBe(role === 'anonymous' ? 'unauthorized' : 'forbidden');
          expect(await counts()).toEqual(before);
        }
      }
    }
  });
});

describe('create-admin', () => {
  it('creates an administrator and prints a one-time link that sets the password', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/accounts/create-admin.ts', 'chief', 'chief@example.org'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: api.deps.database.url, LOG_LEVEL: 'silent' },
    });
    const url = new URL(stdout.trim().split('\n').at(-1)!);
    const client = new TestClient(api.app, '192.0.2.1');
    expect(
      (await client.post('/resetp', { userId: url.searchParams.get('userId'), Code: url.searchParams.get('code'), Password: 'chief-secret-1' })).json(),
    ).toMatchObject({ type: 1 });
    expect((await client.post('/login', { UserName: 'chief', Password: 'chief-secret-1' })).json()).toEqual({ type: 1 });
    await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: ['users'], timeoutMs: 60_000 });
    expect((await client.get('/api/me')).json()).toMatchObject({ role: 'admin' });
  });
});

describe('user administration', () => {
  it('lists users for admins only and assigns roles by the spec rules', async () => {
    const admin = await signedIn('admin');
    const reader = await signedIn('user');
    expect((await reader.client.get('/postdata/getusers')).statusCode).toBe(403);
    expect((await new TestClient(api.app).get('/postdata/getDataInfo')).statusCode).toBe(401);
    expect((await admin.client.get('/postdata/getDataInfo')).json()).toEqual({
      Roles: ['user', 'blogger', 'admin'],
      BlogsDetails: [
        { Blogid: 'news', Blogname: 'News', isSubscribed: false },
        { Blogid: 'letters', Blogname: 'Letters', isSubscribed: false },
      ],
    });
    const listed = (await admin.client.get('/postdata/getusers')).json();
    expect(listed.find((u: { Userid: string }) => u.Userid === reader.userId)).toMatchObject({
      UserRole: ['user'],
      Blogs: [],
      EmailConfirmed: true,
      LastLogin: expect.any(String),
    });

    const update = (body: Record<string, unknown>) => admin.client.post('/postdata/updateusers', { UserId: reader.userId, ...body });
    expect((await update({ UserRole: '' })).json()).toEqual({ type: 0, error: 'Select user role' });
    expect((await update({ UserRole: 'user', UserBlogs: ['news'] })).json()).toEqual({ type: 0, error: 'User with role user cannot be assigned any blog' });
    expect((await update({ UserRole: 'blogger', UserBlogs: [] })).json()).toEqual({ type: 0, error: 'At least one blog is to assigned to blogger' });
    expect((await update({ UserRole: 'blogger', UserBlogs: 'nosuch' })).json()).toEqual({ type: 0, error: 'There is no blog nosuch' });
    expect((await admin.client.post('/postdata/updateusers', { UserId: '00000000-0000-4000-8000-000000000000', UserRole: 'user' })).json()).toEqual({
      type: 0,
      error: 'Not Found',
    });
    const blogger = await update({ UserRole: 'blogger', UserBlogs: 'news,letters' });
    expect(blogger.json()).toEqual({ type: 1, message: 'success' });
    const asBlogger = (await admin.client.get('/postdata/getusers', { 'x-consistent-after': String(blogger.headers['x-position']) })).json();
    expect(asBlogger.find((u: { Userid: string }) => u.Userid === reader.userId)).toMatchObject({ UserRole: ['blogger'], Blogs: ['news', 'letters'] });
    const promoted = await update({ UserRole: 'admin' });
    expect(promoted.json()).toEqual({ type: 1, message: 'success' });
    const after = (await admin.client.get('/postdata/getusers', { 'x-consistent-after': String(promoted.headers['x-position']) })).json();
    expect(after.find((u: { Userid: string }) => u.Userid === reader.userId).UserRole).toEqual(['admin']);
    // Another role ends the reader's sessions: it applies once they log in again.
    expect((await reader.client.get('/postdata/getDataInfo')).statusCode).toBe(401);
    expect((await reader.client.post('/login', { UserName: reader.userName, Password: reader.password })).json()).toEqual({ type: 1 });
    expect((await reader.client.get('/postdata/getDataInfo')).statusCode).toBe(200);
  });
});

describe('subscriptions and form posts', () => {
  it('follows and unfollows blogs, and accepts HTML form bodies', async () => {
    const me = await signedIn('user');
    expect((await me.client.post('/postdata/updateSubscriptions', { UserBlogs: ['nosuch'], isSubscribed: true })).json()).toEqual({
      type: 0,
      error: 'There is no blog nosuch',
    });
    const followed = await me.client.post('/postdata/updateSubscriptions', { UserBlogs: ['news', 'letters'], isSubscribed: true });
    expect(followed.json()).toEqual({ type: 1, message: 'Updated Successfully' });
    const dropped = await me.client.post('/postdata/updateSubscriptions', { UserBlogs: 'letters', isSubscribed: 'false' });
    const state = (await me.client.get('/postdata/getSubscription', { 'x-consistent-after': String(dropped.headers['x-position']) })).json();
    expect(state).toEqual({
      BlogsDetails: [
        { Blogid: 'news', Blogname: 'News', isSubscribed: true },
        { Blogid: 'letters', Blogname: 'Letters', isSubscribed: false },
      ],
      Csubscribed: ['news'],
    });

    const browser = new TestClient(api.app, '192.0.2.77');
    await provisionUser(api.deps, {
      userName: 'formy',
      email: 'formy@example.org',
      name: 'F',
      password: 'form-secret-1',
      role: 'user',
      confirmed: true,
      actor: 'test',
    });
    const token = await browser.csrf();
    const form = await browser.request({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ UserName: 'formy', Password: 'form-secret-1', RememberMe: 'on', _csrf: token }).toString(),
    });
    expect(form.json()).toEqual({ type: 1 });
  });
});

describe('the last administrator', () => {
  it('cannot give up the role', async () => {
    const lone = await startTestApi();
    try {
      const client = new TestClient(lone.app, '192.0.2.200');
      const userId = await provisionUser(lone.deps, {
        userName: 'only',
        email: 'only@example.org',
        name: 'Only',
        password: 'only-secret-1',
        role: 'admin',
        confirmed: true,
        actor: 'test',
      });
      await lone.deps.progress.waitFor(await lone.deps.store.headPosition(), { names: ['users'], timeoutMs: 60_000 });
      await client.post('/login', { UserName: 'only', Password: 'only-secret-1' });
      expect((await client.post('/postdata/updateusers', { UserId: userId, UserRole: 'user' })).json()).toEqual({
        type: 0,
        error: 'The last administrator cannot give up the role',
      });
    } finally {
      await lone.close();
    }
  });
});
