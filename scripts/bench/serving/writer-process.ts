/**
 * bench:serving's steady writes, in a process of their own: `node --import tsx writer-process.ts
 * <database url> <writes per second> <seconds>` appends a blogger's autosaves of a draft in a blog
 * of its own, paced, so that the site's projections apply them while its cached reads are measured.
 * Prints one JSON line: the writes appended and how far behind the pace it fell at worst.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase, PostgresEventStore } from '@epos/platform';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { blogStream, EventRegistry, eventCatalog, postStream, SYSTEM_ACTOR } from '@epos/schemas';

const [url, rate, seconds] = process.argv.slice(2);
const database = connectDatabase(url!, { max: 4 });
const store = new PostgresEventStore(database, new EventRegistry(eventCatalog));
const cause = { actor: SYSTEM_ACTOR };
const blogId = `bench-writes-${randomUUID().slice(0, 8)}`;
const postId = randomUUID();
await store.append(blogStream(blogId), [{ type: 'BlogCreated', data: { blogId, title: 'Bench writes', description: '' } }], {
  expectedRevision: 'no_stream',
  cause,
});
const content = { title: 'A draft', subtitle: '', seriesTitle: 'Drafts', excerpt: '', markdown: 'The first words.' };
await store.appendMany(
  newPostAppends(`${blogId}-draft`, postId, [{ type: 'PostCreated', data: { postId, blogId, url: `${blogId}-draft`, authorId: randomUUID(), content } }]),
  { cause },
);

const interval = 1000 / Number(rate);
const started = performance.now();
let appended = 0;
let worstLagMs = 0;
while (performance.now() - started < Number(seconds) * 1000) {
  const due = started + appended * interval;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  else worstLagMs = Math.max(worstLagMs, -wait);
  await store.append(postStream(postId), [{ type: 'PostAutosaved', data: { postId, content: { markdown: `The words, saved ${appended} times.` } } }], {
    expectedRevision: BigInt(appended),
    cause,
  });
  appended++;
}
console.log(JSON.stringify({ appended, seconds: (performance.now() - started) / 1000, worstLagMs }));
await store.close();
await database.close();
