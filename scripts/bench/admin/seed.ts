/**
 * bench:admin's site beside the blogs' posts (./blogs/seed.ts) and the imported poem: readers,
 * their comments and sign-ins, editors' sentence edits, and one sentence edited 1,000 times, all
 * straight into the log as the site would have appended them (each with its own actor).
 */
import { randomUUID } from 'node:crypto';
import type { Database, EventStore, NewEvent } from '@epos/platform';
import { commentsStream, sentenceStream, SYSTEM_ACTOR, userStream } from '@epos/schemas';
import { seal } from '@epos/projections/accounts/sealing';
import { Credentials } from '@epos/platform/accounts/credentials';
import { provisionHashedUser } from '@epos/api/accounts/provision';
import { hashPassword } from '@epos/api/accounts/passwords';
import { runConcurrently } from '../bench-database.js';

type Deps = { store: EventStore; database: Database };
const CONCURRENCY = 8;

/** `count` readers (one shared password hash: argon2id 10,000 times would take minutes), every fifth a blogger of `blogs`. */
export async function seedReaders(deps: Deps, count: number, blogs: readonly string[], random: () => number): Promise<string[]> {
  const passwordHash = await hashPassword(`reader-${randomUUID()}`);
  const ids: string[] = new Array<string>(count);
  await runConcurrently(count, CONCURRENCY, async (i) => {
    const n = i + 1;
    const role = n % 5 === 0 ? 'blogger' : 'user';
    ids[i] = await provisionHashedUser(
      deps,
      { userName: `reader${n}`, email: `reader${n}@example.org`, name: `Reader ${n}`, role, confirmed: random() < 0.9, actor: SYSTEM_ACTOR },
      passwordHash,
    );
    if (role === 'blogger') {
      await deps.store.append(userStream(ids[i]), [{ type: 'BlogsAssigned', data: { userId: ids[i], blogs: [blogs[n % blogs.length]!] } }], {
        expectedRevision: 'stream_exists',
        cause: { actor: SYSTEM_ACTOR },
      });
    }
  });
  return ids;
}

/** `count` comments on random posts by random readers, a third of them replies; each reader's in one append. */
export async function seedComments(deps: Deps, count: number, readers: readonly string[], postIds: readonly string[], random: () => number): Promise<void> {
  const credentials = new Credentials(deps.database.db);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const threads = new Map<string, string[]>();
  const byAuthor = new Map<string, { postId: string; commentId: string; parentId: string | null }[]>();
  for (let i = 0; i < count; i++) {
    const postId = pick(postIds);
    const earlier = threads.get(postId) ?? [];
    const parentId = earlier.length > 0 && random() < 1 / 3 ? pick(earlier) : null;
    const commentId = randomUUID();
    threads.set(postId, [...earlier, commentId]);
    const author = pick(readers);
    byAuthor.set(author, [...(byAuthor.get(author) ?? []), { postId, commentId, parentId }]);
  }
  const authors = [...byAuthor];
  await runConcurrently(authors.length, CONCURRENCY, async (i) => {
    const [author, comments] = authors[i]!;
    const key = (await credentials.keyOf(author))!;
    const appends = comments.map((c) => ({
      streamId: commentsStream(c.postId),
      expectedRevision: 'any' as const,
      events: [
        {
          type: 'CommentPosted',
          data: {
            commentId: c.commentId,
            postId: c.postId,
            parentId: c.parentId,
            authorId: author,
            content: seal(key, `A thought on this post, number ${c.commentId.slice(0, 6)}, and on ||${1 + Math.floor(random() * 900)}||.`),
            mentions: [],
          },
        },
      ],
    }));
    await deps.store.appendMany(appends, { cause: { actor: author } });
  });
}

/** About `total` sign-ins, few readers signing in often and most rarely (a long tail), each reader's in one append. */
export async function seedSignIns(deps: Deps, total: number, readers: readonly string[], random: () => number): Promise<void> {
  const weights = readers.map(() => 1 / (0.02 + random()));
  const sum = weights.reduce((a, b) => a + b, 0);
  await runConcurrently(readers.length, CONCURRENCY, async (i) => {
    const userId = readers[i]!;
    const times = Math.max(1, Math.round((weights[i]! / sum) * total));
    const events: NewEvent[] = Array.from({ length: times }, () => ({ type: 'LoginSucceeded', data: { userId, remember: random() < 0.5 } }));
    for (let from = 0; from < events.length; from += 1000) {
      await deps.store.append(userStream(userId), events.slice(from, from + 1000), { expectedRevision: 'stream_exists', cause: { actor: userId } });
    }
  });
}

/** The synthetic texts' common words (the search benchmark searches them too). */
export const NOTE_WORDS = 'light dawn fire night silence world soul earth sky sea flame star dream word path mind heart slow deep vast still bright'.split(' ');
const note = (random: () => number, words = 12) => Array.from({ length: words }, () => NOTE_WORDS[Math.floor(random() * NOTE_WORDS.length)]).join(' ');

/** `total` edits of notes and reasons by `editors` over random sentences, in appends of 500. */
export async function seedSentenceEdits(
  deps: Deps,
  total: number,
  editors: readonly string[],
  sentenceIds: readonly number[],
  random: () => number,
): Promise<void> {
  const fields = ['motherNote', 'aurobindoNote', 'reason'] as const;
  const batches = Math.ceil(total / 500);
  await runConcurrently(batches, 4, async (b) => {
    const size = Math.min(500, total - b * 500);
    const edits = new Map<number, NewEvent[]>();
    for (let i = 0; i < size; i++) {
      const sentence = sentenceIds[Math.floor(random() * sentenceIds.length)]!;
      const event = { type: 'SentenceFieldSet', data: { sentence, field: fields[Math.floor(random() * fields.length)], value: note(random) } };
      edits.set(sentence, [...(edits.get(sentence) ?? []), event]);
    }
    const appends = [...edits].map(([sentence, events]) => ({ streamId: sentenceStream(sentence), expectedRevision: 'stream_exists' as const, events }));
    await deps.store.appendMany(appends, { cause: { actor: editors[b % editors.length]! } });
  });
}

/** One sentence edited `edits` times, its first edition's text and its mother note by turns: the History tab's worst case. */
export async function seedLongHistory(deps: Deps, sentence: number, edits: number, editors: readonly string[], random: () => number): Promise<void> {
  for (let i = 0; i < edits; i += 50) {
    const events: NewEvent[] = Array.from({ length: Math.min(50, edits - i) }, (_, k) =>
      (i + k) % 2 === 0
        ? { type: 'SentenceTextSet', data: { sentence, edition: 'first', lines: [`${note(random, 9)},`, `${note(random, 8)}.`] } }
        : { type: 'SentenceFieldSet', data: { sentence, field: 'motherNote', value: note(random, 30) } },
    );
    await deps.store.append(sentenceStream(sentence), events, { expectedRevision: 'stream_exists', cause: { actor: editors[(i / 50) % editors.length]! } });
  }
}
