import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob } from '@epos/platform/jobs/index';
import type { AdminDashboardAnswer } from '@epos/schemas/admin/dashboard';
import type { AdminQueueAnswer } from '@epos/schemas/admin/queues';
import type { AdminEventAnswer } from '@epos/schemas/admin/events';
import { notifySubscribers } from '@epos/platform/blogs/jobs';
import { jobTypes } from '@epos/platform/jobs/job-types';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let blogger: Person;
let reader: Person;

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'talk', title: 'Talk' });
  blogger = await signIn(api, 'blogger', { blogs: ['talk'] });
  reader = await signIn(api, 'user');
});
afterAll(async () => api?.close());

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const retry = async (person: Person, name: string, jobId: string) =>
  person.client.request({
    method: 'POST',
    url: `/admin-api/queues/${name}/jobs/${encodeURIComponent(jobId)}/retry`,
    payload: '{}',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await person.client.csrf() },
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('admin queues', () => {
  it('lists one queue per job type with Content-Range, sorted, filtered and paged', async () => {
    const all = await admin.client.get(`/admin-api/queues?sort=${enc(['id', 'ASC'])}&range=${enc([0, 24])}`);
    expect(all.statusCode).toBe(200);
    const names = jobTypes.map((job) => job.name).sort();
    expect(all.json<AdminQueueAnswer[]>().map((q) => q.id)).toEqual(names);
    expect(all.headers['content-range']).toBe(`queues 0-${names.length - 1}/${names.length}`);
    expect(all.json<AdminQueueAnswer[]>()[0]).toEqual({
      id: names[0],
      waiting: expect.any(Number),
      scheduled: expect.any(Number),
      running: 0,
      failed: 0,
      completed: 0,
      failedJobs: [],
    });

    const desc = await admin.client.get(`/admin-api/queues?sort=${enc(['id', 'DESC'])}&range=${enc([1, 1])}`);
    expect(desc.json<AdminQueueAnswer[]>().map((q) => q.id)).toEqual([[...names].reverse()[1]]);
    expect(desc.headers['content-range']).toBe(`queues 1-1/${names.length}`);
    expect((await admin.client.get(`/admin-api/queues?filter=${enc({ q: 'MAIL' })}`)).json<AdminQueueAnswer[]>().map((q) => q.id)).toEqual(['mail.send']);
    expect((await admin.client.get(`/admin-api/queues?filter=${enc({ id: ['mail.send', 'nope'] })}`)).json<AdminQueueAnswer[]>().map((q) => q.id)).toEqual([
      'mail.send',
    ]);
    expect((await admin.client.get('/admin-api/queues/mail.send')).json()).toMatchObject({ id: 'mail.send' });
  });

  it('answers 400 naming the parameter for malformed ones, 404 for an unknown queue or run', async () => {
    expect((await admin.client.get('/admin-api/queues?sort=nope')).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('sort') });
    expect((await admin.client.get(`/admin-api/queues?sort=${enc(['payload', 'ASC'])}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/admin-api/queues?range=${enc([3, 1])}`)).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('range'),
    });
    expect((await admin.client.get(`/admin-api/queues?filter=${enc({ secret: 1 })}`)).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('filter'),
    });
    expect((await admin.client.get('/admin-api/queues/no.such-queue')).statusCode).toBe(404);
    expect((await retry(admin, 'no.such-queue', 'x')).statusCode).toBe(404);
    expect((await retry(admin, notifySubscribers.name, 'never-enqueued')).json()).toMatchObject({ statusCode: 404, message: expect.stringContaining('jobId') });
  });

  it('shows a failed job with its error, and retrying runs it again', async () => {
    // One attempt, so the first error fails the run at once (the real job retries for minutes).
    const once = defineJob({ name: notifySubscribers.name, payload: notifySubscribers.payload, attempts: 1 });
    let healthy = false;
    const runs: string[] = [];
    const worker = await api.deps.jobs.process(notifySubscribers, async ({ postId }) => {
      runs.push(postId);
      if (!healthy) throw new Error(`mail server refused ${postId}`);
    });
    try {
      const postId = '00000000-0000-4000-8000-00000000000a';
      await api.deps.jobs.enqueue(once, { postId }, { jobId: 'notify-a' });
      await until('the failure', async () => (await api.deps.jobs.inspect(notifySubscribers, 'notify-a'))?.state === 'failed');

      const queue = (await admin.client.get('/admin-api/queues/blogs.notify-subscribers')).json<AdminQueueAnswer>();
      expect(queue).toMatchObject({
        failed: 1,
        completed: 0,
        failedJobs: [{ jobId: 'notify-a', failedReason: `mail server refused ${postId}`, attemptsMade: 1 }],
      });
      const listed = (await admin.client.get(`/admin-api/queues?filter=${enc({ id: 'blogs.notify-subscribers' })}`)).json<AdminQueueAnswer[]>();
      expect(listed[0]?.failedJobs.map((f) => f.failedReason)).toEqual([`mail server refused ${postId}`]);

      healthy = true;
      const retried = await retry(admin, 'blogs.notify-subscribers', 'notify-a');
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: 'notify-a', queue: 'blogs.notify-subscribers' });
      // The retry is on the record: who retried which run, in the Events log and the queue's History.
      const logged = (await admin.client.get(`/admin-api/events?filter=${enc({ kind: 'job' })}`, after(retried))).json<AdminEventAnswer[]>();
      expect(logged).toMatchObject([
        {
          streamId: 'job-blogs.notify-subscribers',
          type: 'JobRetried',
          words: 'Job retried',
          actor: admin.userId,
          record: { resource: 'queues', id: 'blogs.notify-subscribers' },
        },
      ]);
      const history = (await admin.client.get(`/admin-api/history?streamId=${encodeURIComponent('job-blogs.notify-subscribers')}`)).json<
        { actor: string; changes: { field: string; after: unknown }[] }[]
      >();
      expect(history).toMatchObject([
        { actor: admin.userId, changes: expect.arrayContaining([expect.objectContaining({ field: 'jobId', label: 'Job', before: null, after: 'notify-a' })]) },
      ]);
      await until('the second run', async () => (await api.deps.jobs.inspect(notifySubscribers, 'notify-a'))?.state === 'completed');
      expect(runs).toEqual([postId, postId]);
      expect((await admin.client.get('/admin-api/queues/blogs.notify-subscribers')).json()).toMatchObject({ failed: 0, completed: 1, failedJobs: [] });
      // Done now: retrying again is a conflict, not a second run.
      const again = await retry(admin, 'blogs.notify-subscribers', 'notify-a');
      expect(again.json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('completed') });
      expect(runs).toHaveLength(2);
      // A refused retry records nothing.
      await caughtUp(api);
      expect((await admin.client.get(`/admin-api/events?filter=${enc({ type: 'JobRetried' })}`)).json()).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });

  it('is for admins only: 401 anonymous, 403 for others, on reads and the retry', async () => {
    const anonymous = new TestClient(api.app, '198.51.100.9');
    for (const url of ['/admin-api/queues', '/admin-api/queues/mail.send', '/admin-api/dashboard']) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
      expect((await reader.client.get(url)).statusCode).toBe(403);
      expect((await blogger.client.get(url)).statusCode).toBe(403);
    }
    expect((await anonymous.post('/admin-api/queues/mail.send/jobs/x/retry', {})).statusCode).toBe(401);
    expect((await retry(reader, 'mail.send', 'x')).json()).toMatchObject({ statusCode: 403, error: 'forbidden' });
    expect((await retry(blogger, 'mail.send', 'x')).statusCode).toBe(403);
  });
});

describe('admin dashboard', () => {
  it('counts users, posts, sentences and recent comments from the read models', async () => {
    await caughtUp(api);
    const before = (await admin.client.get('/admin-api/dashboard')).json<AdminDashboardAnswer>();
    expect(before).toEqual({ users: 3, posts: 0, sentences: 0, commentsAwaitingModeration: 0, suggestionsAwaitingReview: 0 });

    await signIn(api, 'user');
    const created = await blogger.client.post('/postdata/create', {
      blog_id: 'talk',
      title: 'Open thread',
      series_title: 'Threads',
      md_content: 'Say hello.',
      status: 0,
    });
    const postId = created.json<{ id: string }>().id;
    await caughtUp(api);
    const commented = await reader.client.post(`/postdata/comment/${postId}`, { cm: 'Hello' });
    expect(commented.statusCode, commented.body).toBe(200);
    await caughtUp(api);
    const now = await admin.client.get('/admin-api/dashboard', after(commented));
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({ users: 4, posts: 1, sentences: 0, commentsAwaitingModeration: 1, suggestionsAwaitingReview: 0 });
  });
});
