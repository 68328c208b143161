import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMailJob } from '@epos/platform/mail/index';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { notifySubscribers } from '@epos/platform/blogs/jobs';
import { unsubscribeToken } from '@epos/platform/blogs/unsubscribe-token';

let api: TestApi;
let admin: Person;
let author: Person;
let ann: Person;
let ben: Person;
let postId: string;

type Widget = {
  id: string;
  parent: string | null;
  content: string;
  content_html: string;
  creator: string;
  fullname: string;
  upvote_count: number;
  user_has_upvoted: boolean;
  created_by_current_user: boolean;
  created_by_admin: boolean;
  pings: Record<string, string>;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'talk', title: 'Talk' });
  author = await signIn(api, 'blogger', { blogs: ['talk'] });
  ann = await signIn(api, 'user');
  ben = await signIn(api, 'user');
  const created = await author.client.post('/postdata/create', {
    blog_id: 'talk',
    title: 'Open thread',
    series_title: 'Threads',
    md_content: 'Say hello.',
    status: 0,
  });
  postId = created.json<{ id: string }>().id;
  await caughtUp(api);
});
afterAll(async () => api.close());

const comment = (who: Person, body: Record<string, unknown>) => who.client.post(`/postdata/comment/${postId}`, body);

describe('comments', () => {
  it('takes comments from signed-in readers only, renders them safely, and mails the post author', async () => {
    expect((await new TestClient(api.app, '192.0.2.9').post(`/postdata/comment/${postId}`, { cm: 'hi' })).statusCode).toBe(401);
    expect((await comment(ann, { cm: '   ' })).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining("Comment can't be blank") });
    const posted = await comment(ann, { cm: 'Lovely <script>alert(1)</script> see ||3||' });
    const body = posted.json<{ type: number; message: string; comment: Widget }>();
    expect(body).toMatchObject({ type: 1, message: 'Comment posted successfully' });
    expect(body.comment).toMatchObject({
      parent: null,
      creator: ann.userId,
      fullname: ann.name,
      created_by_current_user: true,
      created_by_admin: false,
      upvote_count: 0,
      user_has_upvoted: false,
    });
    expect(body.comment.content_html).not.toContain('<script');
    expect(body.comment.content_html).toContain('href="/3"');
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(sendMailJob, `comment-${body.comment.id}`)).toMatchObject({
      payload: expect.objectContaining({ subject: 'New comment on "Open thread"' }),
    });
    const list = (await ben.client.get(`/api/comments/${postId}`, after(posted))).json<Widget[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ created_by_current_user: false });
  });

  it('threads replies, counts one upvote per reader, and lets only the owner or an admin edit or delete', async () => {
    const parent = (await comment(ann, { cm: 'Question?' })).json<{ comment: Widget }>().comment;
    const reply = (await comment(ben, { cm: 'Answer, @ann', parentof: parent.id, pings: [ann.userId] })).json<{ comment: Widget }>().comment;
    expect(reply).toMatchObject({ parent: parent.id, pings: { [ann.userId]: ann.name } });
    expect((await comment(ben, { cm: 'Orphan', parentof: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

    const upvote = (who: Person, upvote: boolean) => who.client.post(`/postdata/comment/${postId}/upvote`, { id: parent.id, upvote });
    expect((await upvote(ben, true)).json<{ comment: Widget }>().comment).toMatchObject({ upvote_count: 1, user_has_upvoted: true });
    expect((await upvote(ben, true)).json<{ comment: Widget }>().comment).toMatchObject({ upvote_count: 1 });
    expect((await upvote(admin, true)).json<{ comment: Widget }>().comment).toMatchObject({ upvote_count: 2 });
    expect((await upvote(ben, false)).json<{ comment: Widget }>().comment).toMatchObject({ upvote_count: 1, user_has_upvoted: false });

    expect((await ben.client.post(`/postdata/comment/${postId}/edit`, { id: parent.id, cm: 'Vandalised' })).statusCode).toBe(403);
    expect(
      (await ann.client.post(`/postdata/comment/${postId}/edit`, { id: parent.id, cm: 'Question, edited?' })).json<{ comment: Widget }>().comment,
    ).toMatchObject({ content: 'Question, edited?' });
    expect((await admin.client.post(`/postdata/comment/${postId}/edit`, { id: parent.id, cm: 'Moderated' })).json<{ comment: Widget }>().comment).toMatchObject(
      { content: 'Moderated', creator: ann.userId },
    );

    expect((await ann.client.post(`/postdata/comment/${postId}/delete`, { id: parent.id })).json()).toMatchObject({
      statusCode: 409,
      message: 'A comment with replies cannot be deleted',
    });
    expect((await ann.client.post(`/postdata/comment/${postId}/delete`, { id: reply.id })).statusCode).toBe(403);
    const removed = await admin.client.post(`/postdata/comment/${postId}/delete`, { id: reply.id });
    expect(removed.json()).toMatchObject({ type: 1, message: 'Deleted Successfully' });
    const last = await ann.client.post(`/postdata/comment/${postId}/delete`, { id: parent.id });
    expect(last.json()).toMatchObject({ type: 1 });
    expect(removed.statusCode).toBe(200);
    const ids = (await ann.client.get(`/api/comments/${postId}`, after(last))).json<Widget[]>().map((c) => c.id);
    expect(ids).not.toContain(parent.id);
    expect(ids).not.toContain(reply.id);
  });

  it('suggests at most 5 people to mention: the author and the commenters', async () => {
    const people = [];
    for (let i = 0; i < 5; i += 1) people.push(await signIn(api, 'user'));
    for (const person of people) await comment(person, { cm: 'me too' });
    const all = (await ann.client.get(`/api/comments/${postId}/mentions`, after(await comment(ben, { cm: 'last' })))).json<{ id: string }[]>();
    expect(all).toHaveLength(5);
    const byName = (await ann.client.get(`/api/comments/${postId}/mentions?q=${encodeURIComponent(author.name)}`)).json<{ id: string; fullname: string }[]>();
    expect(byName).toEqual([{ id: author.userId, fullname: author.name, profile_picture_url: null }]);
    expect((await new TestClient(api.app, '192.0.2.10').get(`/api/comments/${postId}/mentions`)).statusCode).toBe(401);
  });
});

describe('account data', () => {
  it("includes a reader's comments and an author's posts in their download", async () => {
    const mine = (await ben.client.get('/postdata/mydata', after(await comment(ben, { cm: 'for the record' })))).json<{ comments: { content: string }[] }>();
    expect(mine.comments.map((c) => c.content)).toContain('for the record');
    expect((await author.client.get('/postdata/mydata')).json<{ posts: { title: string }[] }>().posts.map((p) => p.title)).toContain('Open thread');
  });
});

describe('subscriptions', () => {
  it('queues one notification per first publication and unsubscribes with a signed link, no login needed', async () => {
    await ann.client.post('/postdata/updateSubscriptions', { UserBlogs: ['talk'], isSubscribed: true });
    const created = await author.client.post('/postdata/create', { blog_id: 'talk', title: 'News', series_title: 'Threads', md_content: 'New!', status: 0 });
    const id = created.json<{ id: string }>().id;
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(notifySubscribers, `notify-${id}`)).toMatchObject({ payload: { postId: id } });
    const draft = await author.client.post('/postdata/create', { blog_id: 'talk', title: 'Quiet', series_title: 'Threads', md_content: 'Shh', status: 2 });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(notifySubscribers, `notify-${draft.json<{ id: string }>().id}`)).toBeNull();

    const token = await unsubscribeToken(api.deps.database, ann.userId, 'talk');
    const stranger = new TestClient(api.app, '192.0.2.11');
    expect((await stranger.post('/api/unsubscribe', { token: `${token.slice(0, -2)}xx` })).statusCode).toBe(400);
    const done = await stranger.post('/api/unsubscribe', { token });
    expect(done.json()).toMatchObject({ type: 1, blog: 'talk' });
    await api.deps.progress.waitFor(BigInt(String(done.headers['x-position'])), { names: [USERS_PROJECTION], timeoutMs: 60_000 });
    const users = await api.deps.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    expect((await users.selectFrom('users').select('subscriptions').where('user_id', '=', ann.userId).executeTakeFirstOrThrow()).subscriptions).not.toContain(
      'talk',
    );
  });
});

describe('image uploads', () => {
  // A whole 1×1 PNG: uploads are decoded once, so a broken one would be refused.
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const multipart = (files: { name: string; data: Buffer }[]) => {
    const boundary = 'x-epos-boundary';
    const parts = files.map((f, i) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`),
        f.data,
        Buffer.from('\r\n'),
      ]),
    );
    return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores images known by their bytes and refuses anything else, whatever its name', async () => {
    const { payload, headers } = multipart([
      { name: 'dot.png', data: PNG },
      { name: 'evil.png', data: Buffer.from('<svg onload=alert(1)>') },
    ]);
    const response = await author.client.request({
      method: 'POST',
      url: '/postdata/media',
      payload,
      headers: { ...headers, 'x-csrf-token': await author.client.csrf() },
    });
    const [good, bad] = response.json<{ status: number; fileName: string; fileUrl: string }[]>();
    expect(good).toMatchObject({ status: 1, fileName: 'dot.png', fileUrl: expect.stringMatching(/^\/media\/files\/[0-9a-f]{64}\.png$/) });
    expect(bad).toMatchObject({ status: 0, fileName: 'evil.png', fileUrl: '' });
    const served = await author.client.get(good!.fileUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await ann.client.request({ method: 'POST', url: '/postdata/media', payload, headers: { ...headers, 'x-csrf-token': await ann.client.csrf() } }))
        .statusCode,
    ).toBe(403);
  });
});
