import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createJobQueue, InvalidJobPayloadError, type JobQueue } from '@epos/platform/jobs/index';
import { createLogger } from '@epos/platform/logging/logger';
import { createOutboxTransport, createSmtpTransport, enqueueMail, extractLinks, listOutbox, sendMailJob, type MailTransport } from '@epos/platform/mail/index';
import { startTestSmtpServer, type TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { freePort } from '@epos/platform/testkit/free-port';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers, workerRegistry, type RunningWorkers } from '../index.js';
import { sendMail } from './send-mail.js';

const db = useTestDatabase();
const logger = createLogger('silent', 'mail-test');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniquePrefix = () => `mail-test-${randomBytes(4).toString('hex')}`;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('mail.send job', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The real worker registry, on its own queues, with this transport. */
  async function startMailWorkers(mail: MailTransport): Promise<{ jobs: JobQueue; workers: RunningWorkers }> {
    const jobs = createJobQueue({ databaseUrl: db().url, prefix: uniquePrefix(), logger });
    const workers = await startWorkers({ jobs, handlers: [sendMail({ mail, database: db().database })], logger });
    cleanups.push(
      () => workers.stop(),
      () => mail.close(),
    );
    return { jobs, workers };
  }

  it('is registered in the worker registry with 14 attempts (about 4.5 hours of outage) and exponential backoff', async () => {
    const mail = createOutboxTransport({ dir: os.tmpdir() });
    expect(workerRegistry).toContain(sendMail);
    expect(sendMail({ mail, database: db().database }).job.name).toBe('mail.send');
    await mail.close();
    expect(sendMailJob).toMatchObject({ attempts: 14, backoff: { type: 'exponential', delayMs: 2000 } });
  });

  it('while the SMTP server is down the job retries; once it is up the mail arrives, exactly once', async () => {
    const port = await freePort();
    const { jobs } = await startMailWorkers(createSmtpTransport({ url: `smtp://127.0.0.1:${port}` }));

    const link = 'https://epos.example/accounts/confirm?token=0f9e8d';
    const message = { to: 'reader@example.org', subject: 'Confirm your address', text: `Confirm: ${link}` };
    const { jobId, enqueued } = await enqueueMail(jobs, message, { jobId: 'welcome:event-1' });
    expect(enqueued).toBe(true);

    // The first attempt fails (connection refused) and the job waits for its retry.
    await until('a failed attempt', async () => ((await jobs.inspect(sendMailJob, jobId))?.attemptsMade ?? 0) >= 1);
    const waiting = await jobs.inspect(sendMailJob, jobId);
    expect(waiting).toMatchObject({ state: 'scheduled', failedReason: expect.stringMatching(/ECONNREFUSED|connect/i) });

    // Enqueueing the same mail again (say, the event redelivered) adds nothing.
    expect(await enqueueMail(jobs, message, { jobId })).toEqual({ jobId, enqueued: false });

    let smtp: TestSmtpServer | undefined;
    try {
      smtp = await startTestSmtpServer({ port });
      const [received] = await smtp.waitFor(1);
      expect(received!.envelope.to).toEqual(['reader@example.org']);
      expect(received!.parsed.subject).toBe('Confirm your address');
      expect(extractLinks({ text: received!.parsed.text ?? '' })).toEqual([link]);

      await until('completed', async () => (await jobs.inspect(sendMailJob, jobId))?.state === 'completed');
      expect((await jobs.inspect(sendMailJob, jobId))?.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(await enqueueMail(jobs, message, { jobId })).toEqual({ jobId, enqueued: false });
      await sleep(500);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp?.stop();
    }
  });

  it('without SMTP, the worker writes the mail to the outbox', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-mail-job-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const dir = path.join(dataDir, 'outbox');
    const { jobs } = await startMailWorkers(createOutboxTransport({ dir }));

    await enqueueMail(jobs, { to: 'a@example.org', subject: 'Reset your password', text: 'https://epos.example/reset?t=1' });
    await until('the outbox file', async () => (await listOutbox(dir)).length === 1);
    expect((await listOutbox(dir))[0]).toMatchObject({ to: 'a@example.org', links: ['https://epos.example/reset?t=1'] });
  });

  it('refuses an invalid mail at enqueue, naming the field', async () => {
    const jobs = createJobQueue({ databaseUrl: db().url, prefix: uniquePrefix(), logger });
    cleanups.push(() => jobs.close());
    await expect(enqueueMail(jobs, { to: 'nobody', subject: 'x', text: 'x' })).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(enqueueMail(jobs, { to: 'nobody', subject: 'x', text: 'x' })).rejects.toThrow(/mail\.send.*to: expected an e-mail address/);
  });
});
