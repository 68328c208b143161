import { randomUUID } from 'node:crypto';
import { blogStream, commentsStream, slugify, SYSTEM_ACTOR, userStream, type PostContent } from '@epos/schemas';
import { seal } from '@epos/projections/accounts/sealing';
import type { DemoSeeder, SeedContext } from '../demo/seed.js';
import { Credentials } from '@epos/platform/accounts/credentials';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';

const DAY = 24 * 60 * 60 * 1000;

const blogs = [
  { blogId: 'reading-notes', title: 'Reading Notes', description: 'Notes from a slow reading of the poem, canto by canto.' },
  { blogId: 'evening-letters', title: 'Evening Letters', description: 'Letters and essays about the poem, its editions and its readers.' },
];

const posts: { blog: string; author: 'blogger' | 'admin'; daysAgo: number; content: PostContent }[] = [
  {
    blog: 'reading-notes',
    author: 'blogger',
    daysAgo: 120,
    content: {
      title: 'Beginning at the beginning',
      subtitle: 'Why the first sentence matters',
      seriesTitle: 'Book One',
      excerpt: '',
      markdown:
        'The poem opens before dawn. Read ||1|| slowly, then ||2||: the second sentence answers the first.\n\n## What to listen for\n\n- the long vowels\n- the pause in the middle of each line\n\n> Every reading is a first reading.',
    },
  },
  {
    blog: 'reading-notes',
    author: 'blogger',
    daysAgo: 95,
    content: {
      title: 'The lamp and the threshold',
      subtitle: '',
      seriesTitle: 'Book One',
      excerpt: 'Two images carry the whole first canto.',
      markdown:
        'Two images carry the whole first canto: the **lamp** and the *threshold*. Compare ||3|| with ||7||.\n\nThe Revised edition changes one word in ||5||; the [compare view](/compare/1/1/1) shows it.',
    },
  },
  {
    blog: 'reading-notes',
    author: 'blogger',
    daysAgo: 60,
    content: {
      title: 'Where the canto turns',
      subtitle: 'A note on structure',
      seriesTitle: 'Book One',
      excerpt: '',
      markdown:
        'Halfway through, the canto turns from description to address. Sentences ||9|| to ||12|| make the turn.\n\n1. Description\n2. Address\n3. Return',
    },
  },
  {
    blog: 'reading-notes',
    author: 'blogger',
    daysAgo: 30,
    content: {
      title: 'On reading aloud',
      subtitle: '',
      seriesTitle: 'Practice',
      excerpt: '',
      markdown: 'Use the speech button on any sentence page, then read it yourself. The metre is easier to hear than to see.',
    },
  },
  {
    blog: 'reading-notes',
    author: 'blogger',
    daysAgo: 6,
    content: {
      title: 'Keeping a reading journal',
      subtitle: 'Notes that last',
      seriesTitle: 'Practice',
      excerpt: '',
      markdown: 'Your notes on each sentence stay with your account. Start with one sentence a day; ||4|| is a good one.',
    },
  },
  {
    blog: 'evening-letters',
    author: 'admin',
    daysAgo: 200,
    content: {
      title: 'Three editions, one poem',
      subtitle: 'First, Centenary and Revised',
      seriesTitle: 'Editions',
      excerpt: '',
      markdown: 'The site shows the **First** edition by default. Choose *Centenary* or *Revised* from the edition menu on any section.',
    },
  },
  {
    blog: 'evening-letters',
    author: 'admin',
    daysAgo: 150,
    content: {
      title: 'Why translations force an edition',
      subtitle: '',
      seriesTitle: 'Editions',
      excerpt: '',
      markdown: 'Each translation was made from one edition, so choosing it switches the text to that edition. The Hindi and French follow the Centenary.',
    },
  },
  {
    blog: 'evening-letters',
    author: 'admin',
    daysAgo: 12,
    content: {
      title: 'A letter to new readers',
      subtitle: '',
      seriesTitle: 'Letters',
      excerpt: '',
      markdown: 'Welcome. Start with the first section, keep a note or two, and write to us in the comments.',
    },
  },
];

async function userIdOf(credentials: Credentials, userName: string): Promise<string> {
  const user = await credentials.byUserName(userName);
  if (!user) throw new Error(`The blogs demo needs the demo user ${userName}`);
  return user.user_id;
}

async function seedBlogs(context: SeedContext): Promise<void> {
  const credentials = new Credentials(context.database.db);
  const cause = { actor: SYSTEM_ACTOR };
  const ids = { admin: await userIdOf(credentials, 'admin'), blogger: await userIdOf(credentials, 'blogger'), reader: await userIdOf(credentials, 'reader') };
  for (const blog of blogs)
    await context.store.append(blogStream(blog.blogId), [{ type: 'BlogCreated', data: blog }], { expectedRevision: 'no_stream', cause });
  await context.store.append(userStream(ids.blogger), [{ type: 'BlogsAssigned', data: { userId: ids.blogger, blogs: ['reading-notes'] } }], {
    expectedRevision: 'stream_exists',
    cause,
  });
  await context.store.append(
    userStream(ids.reader),
    [{ type: 'SubscriptionsChanged', data: { userId: ids.reader, blogs: blogs.map((b) => b.blogId), subscribed: true } }],
    { expectedRevision: 'stream_exists', cause },
  );

  const now = Date.now();
  const created: string[] = [];
  for (const post of posts) {
    const postId = randomUUID();
    const url = slugify(post.content.title);
    created.push(postId);
    await context.store.appendMany(
      newPostAppends(url, postId, [
        { type: 'PostCreated', data: { postId, blogId: post.blog, url, authorId: ids[post.author], content: post.content } },
        { type: 'PostPublished', data: { postId, publishedAt: new Date(now - post.daysAgo * DAY).toISOString(), scheduled: false, first: true } },
      ]),
      { cause },
    );
  }
  const later = [
    { title: 'Book Two begins', status: 'scheduled' as const },
    { title: 'Unfinished thoughts on the second canto', status: 'draft' as const },
  ];
  for (const post of later) {
    const postId = randomUUID();
    const url = slugify(post.title);
    const content = { title: post.title, subtitle: '', seriesTitle: 'Book Two', excerpt: '', markdown: 'To be continued: ||20|| opens the second book.' };
    const status = post.status === 'scheduled' ? [{ type: 'PostScheduled', data: { postId, publishAt: new Date(now + 2 * DAY).toISOString() } }] : [];
    await context.store.appendMany(
      newPostAppends(url, postId, [{ type: 'PostCreated', data: { postId, blogId: 'reading-notes', url, authorId: ids.blogger, content } }, ...status]),
      { cause },
    );
  }

  const first = created[0]!;
  const readerKey = (await credentials.keyOf(ids.reader))!;
  const bloggerKey = (await credentials.keyOf(ids.blogger))!;
  const question = randomUUID();
  await context.store.append(
    commentsStream(first),
    [
      {
        type: 'CommentPosted',
        data: {
          commentId: question,
          postId: first,
          parentId: null,
          authorId: ids.reader,
          content: seal(readerKey, 'Is the pause in ||1|| in every edition?'),
          mentions: [],
        },
      },
      {
        type: 'CommentPosted',
        data: {
          commentId: randomUUID(),
          postId: first,
          parentId: question,
          authorId: ids.blogger,
          content: seal(bloggerKey, 'Yes: the Revised edition keeps it. See the compare view.'),
          mentions: [ids.reader],
        },
      },
      { type: 'CommentUpvoted', data: { commentId: question, postId: first, userId: ids.blogger } },
    ],
    { expectedRevision: 'no_stream', cause },
  );
}

/** Two blogs with posts over the past months, series, a scheduled post, a draft and a short thread. */
export const blogsDemoSeeder: DemoSeeder = { name: 'blogs', seed: seedBlogs };
