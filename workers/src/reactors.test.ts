/**
 * Effects follow the log exactly once. The real workers process is SIGKILLed while its reactor is
 * turning freshly appended events into jobs, then restarted: every post's subscriber mail and the
 * new reader's activation mail arrive once, and a scheduled post is published once, with the
 * schedule's sweep turned off (the reactor alone queues its job). Then the reactors are replayed
 * from position 0: no mail is sent again and nothing is published twice.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, effectsTable, PostgresEventStore, ProjectionRunner, type Database, type EventStore } from '@epos/platform';
import { Credentials } from '@epos/platform/accounts/credentials';
import { createJobQueue } from '@epos/platform/jobs/index';
import { startTestSmtpServer, type TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { freePort } from '@epos/platform/testkit/free-port';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { blogStream, EventRegistry, eventCatalog, postStream, userStream } from '@epos/schemas';
import { allProjections } from '@epos/projections';
import { newUserKey, seal } from '@epos/projections/accounts/sealing';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { startWorkersProcess, type WorkersProcess } from './blogs/testkit/workers-process.js';
import { notifySubscribers } from '@epos/platform/blogs/jobs';
import { reactors } from './reactors.js';

const POSTS = 120;
const BLOG = 'almanac';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
});

/** An account as the API makes one: credentials with its key, and its events. */
async function account(
  store: EventStore,
  database: Database,
  name: string,
  confirmed: boolean,
  extra: { type: string; data: unknown }[] = [],
): Promise<string> {
  const userId = randomUUID();
  const key = newUserKey();
  const email = `${name}@example.org`;
  await new Credentials(database.db).create({ userId, userName: name, email, passwordHash: 'not-used', key, confirmed });
  const personal = seal(key, { userName: name, email, name: name.toUpperCase() });
  await store.append(
    userStream(userId),
    [
      { type: 'UserRegistered', data: { userId, personal } },
      ...(confirmed ? [{ type: 'EmailConfirmed', data: { userId } }] : []),
      ...extra.map((e) => ({ ...e, data: { userId, ...(e.data as object) } })),
    ],
    { expectedRevision: 'no_stream', cause: { actor: userId } },
  );
  return userId;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('reactors', () => {
  it('lists every reaction in the table of effects of docs/architecture.md', async () => {
    const architecture = await fs.readFile(path.resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8');
    const unindented = architecture
      .split('\n')
      .map((line) => line.trim())
      .join('\n');
    expect(unindented).toContain(effectsTable(reactors));
  });

  it('turn each event into its effect once, across a SIGKILL between append and enqueue and a replay from 0', { timeout: 300_000 }, async () => {
    const logger = createLogger('silent', 'reactors-test');
    const testDb = await newTestDatabase();
    cleanups.push(() => testDb.drop());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-reactors-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const store = new PostgresEventStore(testDb.database, new EventRegistry(eventCatalog), { pollIntervalMs: 100 });
    cleanups.push(() => store.close());
    const projections = new ProjectionRunner({ database: testDb.database, store, logger, projections: allProjections });
    await projections.start();
    cleanups.push(() => projections.stop());
    const jobs = createJobQueue({ databaseUrl: testDb.url, logger });
    cleanups.push(() => jobs.close());

    // The mail server is down until the first worker is dead: every mail is sent by the second one.
    const smtpPort = await freePort();
    let smtp: TestSmtpServer | null = null;
    cleanups.push(async () => smtp?.stop());
    const env = {
      DATABASE_URL: testDb.url,
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'https://epos.test',
      SCHEDULE_SWEEP_SECONDS: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
    };
    const start = async (): Promise<WorkersProcess> => {
      const worker = startWorkersProcess(env);
      cleanups.push(() => worker.kill());
      await worker.ready;
      return worker;
    };

    await store.append(blogStream(BLOG), [{ type: 'BlogCreated', data: { blogId: BLOG, title: 'Almanac', description: 'Days' } }], {
      expectedRevision: 'no_stream',
      cause: { actor: 'test' },
    });
    const authorId = await account(store, testDb.database, 'author', true);
    await account(store, testDb.database, 'reader', true, [{ type: 'SubscriptionsChanged', data: { blogs: [BLOG], subscribed: true } }]);

    const first = await start();
    // One append of many first publications, one new unconfirmed reader and one post due in 3 s.
    const postIds = Array.from({ length: POSTS }, () => randomUUID());
    const now = new Date().toISOString();
    await store.appendMany(
      postIds.flatMap((postId, i) =>
        newPostAppends(`day-${i}`, postId, [
          {
            type: 'PostCreated',
            data: {
              postId,
              blogId: BLOG,
              url: `day-${i}`,
              authorId,
              content: { title: `Day ${i}`, subtitle: '', seriesTitle: 'Days', excerpt: '', markdown: 'A day.' },
            },
          },
          { type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } },
        ]),
      ),
      { cause: { actor: authorId } },
    );
    await account(store, testDb.database, 'newcomer', false);
    const scheduledId = randomUUID();
    const publishAt = new Date(Date.now() + 3000).toISOString();
    await store.appendMany(
      newPostAppends('later', scheduledId, [
        {
          type: 'PostCreated',
          data: {
            postId: scheduledId,
            blogId: BLOG,
            url: 'later',
            authorId,
            content: { title: 'Later', subtitle: '', seriesTitle: 'Days', excerpt: '', markdown: 'Soon.' },
          },
        },
        { type: 'PostScheduled', data: { postId: scheduledId, publishAt } },
      ]),
      { cause: { actor: authorId } },
    );

    const head = await store.headPosition();

    // Killed while its reactor works through the batch: some jobs queued, the checkpoint not yet moved past them.
    await sleep(100);
    await first.kill();
    const queuedAtKill = (await Promise.all(postIds.map((id) => jobs.inspect(notifySubscribers, `notify-${id}`)))).filter(Boolean).length;
    const checkpointAtKill = await testDb.database.db.selectFrom('reactor_checkpoints').select(['name', 'position']).execute();

    smtp = await startTestSmtpServer({ port: smtpPort });
    const restarted = await start();
    const expected = POSTS + 2; // every post, the scheduled one included, and the activation
    await smtp.waitFor(expected, 60_000);
    await until('the scheduled post published', async () => (await store.readStream(postStream(scheduledId))).some((e) => e.type === 'PostPublished'));
    await sleep(2000); // room for a second mail or publication to show
    // The kill came between append and enqueue: some of the publications' jobs may be queued, but the blogs reactor had not got past them.
    expect(queuedAtKill).toBeLessThan(POSTS);
    expect(BigInt(checkpointAtKill.find((c) => c.name === 'blogs')!.position)).toBeLessThan(head);
    console.log(
      `[reactors] killed with ${queuedAtKill}/${POSTS} notify jobs queued, checkpoints ${JSON.stringify(checkpointAtKill)}; head ${head}; mails after restart: ${smtp.received.length}`,
    );

    const subjects = smtp.received.map((m) => `${m.envelope.to.join(',')} ${m.parsed.subject}`).sort();
    expect(subjects).toEqual(
      [
        ...postIds.map((_, i) => `reader@example.org Almanac: Day ${i}`),
        'reader@example.org Almanac: Later',
        'newcomer@example.org Confirm your email for Epos',
      ].sort(),
    );
    const publications = async () => (await store.readStream(postStream(scheduledId))).filter((e) => e.type === 'PostPublished').length;
    expect(await publications()).toBe(1);

    // Replay every reactor from the start of the log: the same job ids, and the mails recorded as sent.
    const received = smtp.received.length;
    await restarted.kill();
    await testDb.database.db.updateTable('reactor_checkpoints').set({ position: '0' }).execute();
    await start();
    await until('the reactors replayed to the head', async () => {
      const rows = await testDb.database.db.selectFrom('reactor_checkpoints').select('position').execute();
      return rows.length === reactors.length && rows.every((r) => BigInt(r.position) >= head);
    });
    await sleep(4000); // the replayed notify jobs run, and find every mail sent
    expect((await Promise.all(postIds.map((id) => jobs.inspect(notifySubscribers, `notify-${id}`)))).map((job) => job?.state)).toEqual(
      postIds.map(() => 'completed'),
    );
    expect(smtp.received.length, 'mails sent again by the replay').toBe(received);
    expect(await publications()).toBe(1);
  });
});
