import type { Config } from '@epos/platform';
import { oneLine, type MailMessage } from '@epos/platform/mail/index';
import { link, siteUrl } from '@epos/platform/config/site-url';

const postLink = (config: Config, post: { blog_id: string; url: string }) => `${siteUrl(config)}/blogs/${post.blog_id}/${post.url}`;

// Subjects stay well under the mail job's 300 characters.
const TITLE_MAX = 150;
const BLOG_TITLE_MAX = 80;

export function commentMail(
  config: Config,
  m: { to: string; authorName: string; commenter: string; post: { blog_id: string; url: string; title: string }; text: string },
): MailMessage {
  const quoted = m.text.length > 1000 ? `${m.text.slice(0, 1000)}…` : m.text;
  const title = oneLine(m.post.title, TITLE_MAX);
  return {
    to: m.to,
    subject: `New comment on "${title}"`,
    text: `Dear ${m.authorName},\n\n${m.commenter} commented on your post "${title}":\n\n${quoted}\n\nRead and reply: ${postLink(config, m.post)}#comments\n`,
  };
}

export function newPostMail(
  config: Config,
  m: {
    to: string;
    name: string;
    blogTitle: string;
    post: { blog_id: string; url: string; title: string; excerpt: string; author: string };
    unsubscribeToken: string;
  },
): MailMessage {
  const unsubscribe = link(config, '/unsubscribe', { token: m.unsubscribeToken });
  const title = oneLine(m.post.title, TITLE_MAX);
  const blogTitle = oneLine(m.blogTitle, BLOG_TITLE_MAX);
  return {
    to: m.to,
    subject: `${blogTitle}: ${title}`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    text: `Dear ${m.name},\n\n${m.post.author} published a new post in ${blogTitle}:\n\n${title}\n${m.post.excerpt}\n\nRead it: ${postLink(config, m.post)}\n\nYou get this mail because you follow ${blogTitle}. To stop, open ${unsubscribe}\n`,
  };
}
