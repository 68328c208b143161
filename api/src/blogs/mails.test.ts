import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@epos/platform';
import { mailMessageSchema } from '@epos/platform/mail/index';
import type { ReceivedMail, TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { XSS_PAYLOADS } from '@epos/platform/testkit/xss-payloads';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import type { TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { notifySubscribers } from './jobs.js';
import { commentMail, newPostMail } from './mails.js';
import { newPostAppends } from './post-streams.js';

const post = (title: string) => ({ blog_id: 'letters', url: 'a-post', title, excerpt: 'An excerpt.', author: 'Ann' });

describe('mails about posts', () => {
  // Titles written before the input boundary refused such characters are still in the log.
  const titles = ['Two lines\r\nof title', 'Bell\u0007 and\u0008 backspace', '\n', 'x'.repeat(400), ...XSS_PAYLOADS];

  it('build subjects the mail job accepts from any title, on one line', () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://epos.test' });
    for (const title of titles) {
      const mails = [
        commentMail(config, { to: 'author@example.org', authorName: 'Ann', commenter: 'Ben', post: post(title), text: 'Hello' }),
        newPostMail(config, { to: 'reader@example.org', name: 'Ben', blogTitle: `Letters\n${title}`, post: post(title), unsubscribeToken: 't' }),
      ];
      for (const mail of mails) {
        expect(mailMessageSchema.safeParse(mail).error?.issues ?? []).toEqual([]);
        expect(mail.subject).not.toMatch(/\p{Cc}/u);
      }
    }
    expect(commentMail(config, { to: 'a@example.org', authorName: 'A', commenter: 'B', post: post('Two lines\r\nof title'), text: '' }).subject).toBe('New comment on "Two lines of title"');
  });
});

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
    await caughtUp(api);
    // What the API does after a first publication (post-effects.ts).
    await api.deps.jobs.enqueue(notifySubscribers, { postId }, { jobId: `notify-${postId}` });
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
