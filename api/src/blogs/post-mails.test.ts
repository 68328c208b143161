import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail, TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import type { TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';

describe('mails about a post whose title has a line break, through the real mail job', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let site: MailTestApi;
  let author: Person;
  let reader: Person;

  beforeAll(async () => {
    site = await startTestApiWithMail();
    ({ api, smtp } = site);
    const admin = await signIn(api, 'admin');
    await admin.client.post('/postdata/createblog', { slug: 'letters', title: 'Letters' });
    author = await signIn(api, 'blogger', { blogs: ['letters'] });
    reader = await signIn(api, 'user');
    await reader.client.post('/postdata/updateSubscriptions', { UserBlogs: ['letters'], isSubscribed: true });
  });
  afterAll(async () => site?.close());

  const mailTo = async (person: Person): Promise<ReceivedMail> => {
    const address = `${person.userName}@example.org`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = smtp.received.find((m) => m.envelope.to.includes(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('mails the followers and the commented author, the title on one line', async () => {
    const postId = randomUUID();
    const content = { title: 'Two lines\r\nof title', subtitle: '', seriesTitle: 'Notes', excerpt: '', markdown: 'Body.' };
    await api.deps.store.appendMany(
      newPostAppends('two-lines', postId, [
        { type: 'PostCreated', data: { postId, blogId: 'letters', url: 'two-lines', authorId: author.userId, content } },
        { type: 'PostPublished', data: { postId, publishedAt: new Date().toISOString(), scheduled: false, first: true } },
      ]),
      { cause: { actor: 'test' } },
    );
    // Appended straight to the log, as an import or the console would: the reactor queues the mails.
    await caughtUp(api);
    const news = await mailTo(reader);
    expect(news.parsed.subject).toBe('Letters: Two lines of title');
    expect(news.parsed.text).toContain('https://epos.test/blogs/letters/two-lines');

    const commented = await reader.client.post(`/postdata/comment/${postId}`, { cm: 'Lovely.' });
    expect(commented.json()).toMatchObject({ type: 1 });
    const notice = await mailTo(author);
    expect(notice.parsed.subject).toBe('New comment on "Two lines of title"');
    expect(notice.parsed.text).toContain('Lovely.');
  });
});
