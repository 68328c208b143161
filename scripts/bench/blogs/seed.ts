/** The bench:blogs data set: four blogs, three authors and a blogger, and published posts straight into the log. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, EventStore, StreamAppend } from '@epos/platform';
import { blogStream, slugify, SYSTEM_ACTOR, userStream } from '@epos/schemas';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { provisionUser } from '@epos/api/accounts/provision';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { pick, postMarkdown, postTitle, seriesTitles } from './content.js';

export const BLOGS = [
  { blogId: 'reading-notes', title: 'Reading Notes', description: 'Notes from a slow reading of the poem.', share: 0.4 },
  { blogId: 'evening-letters', title: 'Evening Letters', description: 'Letters and essays about the poem.', share: 0.3 },
  { blogId: 'study-circle', title: 'Study Circle', description: 'What the weekly study group read.', share: 0.2 },
  { blogId: 'translators-desk', title: "The Translator's Desk", description: 'Notes from the translations.', share: 0.1 },
];
const SERIES_PER_BLOG = 9;
const YEARS = 6;

export interface Seeded {
  /** Series titles by blog id. */
  series: Map<string, string[]>;
  posts: { blogId: string; url: string; postId: string }[];
  counts: Map<string, number>;
  /** A blogger of the first (biggest) blog, with a password to log in with. */
  blogger: { userName: string; password: string };
  /** The log's head once everything is appended. */
  head: bigint;
  /** When the posts' first append started (performance.now()), and how long appending took (ms). */
  started: number;
  appendedMs: number;
  random: () => number;
}

/**
 * `total` published posts over six years, oldest first, spread over the blogs by their share and over
 * nine series per blog, appended `batch` posts (PostUrlReserved + PostCreated + PostPublished) per appendMany.
 */
export async function seedBlogs(deps: { store: EventStore; database: Database }, total: number, batch: number): Promise<Seeded> {
  const { store } = deps;
  const cause = { actor: SYSTEM_ACTOR };
  const authors: string[] = [];
  for (let i = 1; i <= 3; i++) {
    authors.push(
      await provisionUser(deps, {
        userName: `author${i}`,
        email: `author${i}@example.org`,
        name: `Author ${i}`,
        password: null,
        role: 'blogger',
        confirmed: true,
        actor: SYSTEM_ACTOR,
      }),
    );
  }
  const blogger = { userName: 'benchblogger', password: `bench-${randomBytes(8).toString('hex')}` };
  const bloggerId = await provisionUser(deps, {
    ...blogger,
    email: 'benchblogger@example.org',
    name: 'Bench Blogger',
    role: 'blogger',
    confirmed: true,
    actor: SYSTEM_ACTOR,
  });
  for (const blog of BLOGS)
    await store.append(blogStream(blog.blogId), [{ type: 'BlogCreated', data: { blogId: blog.blogId, title: blog.title, description: blog.description } }], {
      expectedRevision: 'no_stream',
      cause,
    });
  await store.append(userStream(bloggerId), [{ type: 'BlogsAssigned', data: { userId: bloggerId, blogs: [BLOGS[0]!.blogId] } }], {
    expectedRevision: 'stream_exists',
    cause,
  });

  const random = seededRandom(20_000);
  const series = new Map(BLOGS.map((b) => [b.blogId, seriesTitles(random, SERIES_PER_BLOG)]));
  const now = Date.now();
  const times = Array.from({ length: total }, () => now - 3_600_000 - random() * YEARS * 365 * 86_400_000).sort((a, b) => a - b);
  const chooseBlog = () => {
    let r = random();
    for (const blog of BLOGS) if ((r -= blog.share) < 0) return blog.blogId;
    return BLOGS.at(-1)!.blogId;
  };
  const posts: { blogId: string; url: string; postId: string }[] = [];
  const started = performance.now();
  let head = 0n;
  for (let from = 0; from < total; from += batch) {
    const appends: StreamAppend[] = [];
    for (let i = from; i < Math.min(total, from + batch); i++) {
      const postId = randomUUID();
      const blogId = chooseBlog();
      const title = postTitle(random, i + 1);
      const url = slugify(title);
      posts.push({ blogId, url, postId });
      const content = {
        title,
        subtitle: random() < 0.3 ? 'A note' : '',
        seriesTitle: pick(random, series.get(blogId)!),
        excerpt: '',
        markdown: postMarkdown(random),
      };
      appends.push(
        ...newPostAppends(url, postId, [
          { type: 'PostCreated', data: { postId, blogId, url, authorId: pick(random, authors), content } },
          { type: 'PostPublished', data: { postId, publishedAt: new Date(times[i]!).toISOString(), scheduled: false, first: true } },
        ]),
      );
    }
    head = (await store.appendMany(appends, { cause })).position;
  }
  const counts = new Map(BLOGS.map((b) => [b.blogId, posts.filter((p) => p.blogId === b.blogId).length]));
  return { series, posts, counts, blogger, head, started, appendedMs: performance.now() - started, random };
}
