import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogStream, userStream } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn } from '../testkit/people.js';
import { unsubscribeToken } from '@epos/platform/blogs/unsubscribe-token';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ blogs: async () => [{ id: 'talk', name: 'Talk' }] });
  await api.deps.store.append(blogStream('talk'), [{ type: 'BlogCreated', data: { blogId: 'talk', title: 'Table Talk', description: '' } }], { expectedRevision: 'no_stream', cause: { actor: 'test' } });
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

  it('records nothing for a reader who never followed the blog', async () => {
    const reader = await signIn(api, 'user');
    const token = await unsubscribeToken(api.deps.database, reader.userId, 'talk');
    const events = (await api.deps.store.readStream(userStream(reader.userId))).length;
    const response = await new TestClient(api.app, '192.0.2.32').post('/api/unsubscribe', { token }, { 'x-consistent-after': String(await api.deps.store.headPosition()) });
    expect(response.json()).toMatchObject({ type: 1, blog: 'talk' });
    expect((await api.deps.store.readStream(userStream(reader.userId))).length).toBe(events);
  });
});
