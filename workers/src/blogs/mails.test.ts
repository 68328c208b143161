import { describe, expect, it } from 'vitest';
import { loadConfig } from '@epos/platform';
import { mailMessageSchema } from '@epos/platform/mail/index';
import { XSS_PAYLOADS } from '@epos/platform/testkit/xss-payloads';
import { commentMail, newPostMail } from './mails.js';

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
    expect(commentMail(config, { to: 'a@example.org', authorName: 'A', commenter: 'B', post: post('Two lines\r\nof title'), text: '' }).subject).toBe(
      'New comment on "Two lines of title"',
    );
  });
});
