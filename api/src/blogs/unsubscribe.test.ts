import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogStream, userStream } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn } from '../testkit/people.js';
import { unsubscribeToken } from '@epos/platform/blogs/unsubscribe-token';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ blogs: async () => [{ id: 'talk', name: 'Talk' }] });
  await api.deps.store.append(blogStream('talk'), [{ type: 'BlogCreated', data: { blogId: 'talk', title: 'Table Talk', description: '' } }], {
    expectedRevision: 'no_stream',
    cause: { actor: 'test' },
  });
  await caughtUp(api);
});
afterAll(async () => api.close());

describe('unsubscribe links', () => {
  it('can be opened again: the same answer, and nothing more recorded', async () => {
    const reader = await signIn(api, 'user');
    const subscribed = await reader.client.post('/postdata/updateSubscriptions', { UserBlogs: ['talk'], isSubscribed: true });
    const token = await unsubscribeToken(api.deps.database, reader.userId, 'talk');
    const mailbox = new TestClient(api.app, '192.0.2.31');

    const first = await mailbox.post('/api/unsubscribe', { token }, after(subscribed));
    // The blog by its title, as readers know it; its slug for machines.
    expect(first.json()).toEqual({ type: 1, message: 'You will no longer get mails about Table Talk.', blog: 'talk', blogTitle: 'Table Talk' });
    const events = (await api.deps.store.readStream(userStream(reader.userId))).length;

    for (let i = 0; i < 3; i++) {
      const again = await mailbox.post('/api/unsubscribe', { token }, after(first));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect((await api.deps.store.readStream(userStream(reader.userId))).length).toBe(events);
  });

  it('records one change when the link is opened many times at once', async () => {
    const reader = await signIn(api, 'user');
    await reader.client.post('/postdata/updateSubscriptions', { UserBlogs: ['talk'], isSubscribed: true });
    await caughtUp(api);
    const token = await unsubscribeToken(api.deps.database, reader.userId, 'talk');
    const mailboxes = Array.from({ length: 6 }, (_, i) => new TestClient(api.app, `192.0.2.${40 + i}`));
    for (const mailbox of mailboxes) await mailbox.csrf();
    const answers = await Promise.all(mailboxes.map((mailbox) => mailbox.post('/api/unsubscribe', { token })));
    const again = await new TestClient(api.app, '192.0.2.50').post('/api/unsubscribe', { token });
    for (const answer of [...answers, again])
      expect(answer.json()).toEqual({ type: 1, message: 'You will no longer get mails about Table Talk.', blog: 'talk', blogTitle: 'Table Talk' });
    const changes = (await api.deps.store.readStream(userStream(reader.userId))).filter((e) => e.type === 'SubscriptionsChanged').map((e) => e.data);
    expect(changes).toEqual([
      { userId: reader.userId, blogs: ['talk'], subscribed: true },
      { userId: reader.userId, blogs: ['talk'], subscribed: false },
    ]);
    await caughtUp(api);
    const following = await reader.client.get('/postdata/getSubscription');
    expect(following.json()).toMatchObject({ Csubscribed: [] });
  });

  it('records an unsubscribe that comes before the read models have seen the subscription', async () => {
    const reader = await signIn(api, 'user');
    await reader.client.post('/postdata/updateSubscriptions', { UserBlogs: ['talk'], isSubscribed: true });
    const token = await unsubscribeToken(api.deps.database, reader.userId, 'talk');
    await new TestClient(api.app, '192.0.2.51').post('/api/unsubscribe', { token });
    const changes = (await api.deps.store.readStream(userStream(reader.userId)))
      .filter((e) => e.type === 'SubscriptionsChanged')
      .map((e) => (e.data as { subscribed: boolean }).subscribed);
    expect(changes).toEqual([true, false]);
  });

  it('records nothing for a reader who never followed the blog', async () => {
    const reader = await signIn(api, 'user');
    const token = await unsubscribeToken(api.deps.database, reader.userId, 'talk');
    const events = (await api.deps.store.readStream(userStream(reader.userId))).length;
    const response = await new TestClient(api.app, '192.0.2.32').post(
      '/api/unsubscribe',
      { token },
      { 'x-consistent-after': String(await api.deps.store.headPosition()) },
    );
    expect(response.json()).toMatchObject({ type: 1, blog: 'talk' });
    expect((await api.deps.store.readStream(userStream(reader.userId))).length).toBe(events);
  });
});
