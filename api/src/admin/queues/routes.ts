import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand } from '@epos/platform';
import type { JobDefinition } from '@epos/platform/jobs/index';
import { adminListQuery } from '@epos/schemas/admin/lists';
import {
  adminJobRetryAnswer,
  adminJobRetryParams,
  adminQueueAnswer,
  adminQueueParams,
  adminQueuesAnswer,
  jobStream,
  type AdminQueueAnswer,
} from '@epos/schemas/admin/queues';
import { jobTypes } from '@epos/platform/jobs/job-types';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { jobDecider } from './job-decider.js';
import { HttpError } from '../../http/error-handler.js';
import { parseListParams, textValues } from '../list-params.js';
import { sendList } from '../lists.js';

const tags = ['admin'];
const SORTS = ['id', 'waiting', 'scheduled', 'running', 'failed', 'completed'] as const;
const FILTERS = ['id'] as const;
const LATEST_FAILURES = 10;

const notFound = () => new HttpError(404, 'not_found', 'No such queue');

async function queueRecord(deps: ApiDeps, job: JobDefinition): Promise<AdminQueueAnswer> {
  const [counts, failed] = await Promise.all([deps.jobs.counts(job), deps.jobs.failedJobs(job, LATEST_FAILURES)]);
  return {
    id: job.name,
    ...counts,
    failedJobs: failed.map((f) => ({ jobId: f.jobId, failedReason: f.failedReason ?? '', attemptsMade: f.attemptsMade, runAt: f.runAt.toISOString() })),
  };
}

function jobType(name: string): JobDefinition {
  const job = jobTypes.find((j) => j.name === name);
  if (!job) throw notFound();
  return job;
}

/** Who retried which run, as an event on the queue's stream (handleCommand tries again after a concurrent retry). */
function recordRetry(deps: ApiDeps, request: FastifyRequest, queue: string, jobId: string) {
  return handleCommand(deps.store, {
    streamId: jobStream(queue),
    decider: jobDecider(queue),
    command: { kind: 'recordRetry', jobId },
    cause: causeOf(request),
  });
}

/**
 * The background jobs' queues, one record per job type the workers run (a handful, known in code,
 * so they are filtered and sorted here rather than in SQL), and retrying a failed run.
 */
export function queueRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/queues',
      {
        schema: {
          tags,
          summary: 'Each job queue: runs waiting, scheduled, running, failed and completed, and the latest failures with their errors',
          querystring: adminListQuery,
          response: { 200: adminQueuesAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const ids = params.filter.id === undefined ? null : textValues('id', params.filter.id);
        const q = params.q.toLowerCase();
        const chosen = jobTypes.filter((job) => (ids === null || ids.includes(job.name)) && job.name.toLowerCase().includes(q));
        const records = await Promise.all(chosen.map((job) => queueRecord(deps, job)));
        const field = params.sort?.field ?? 'id';
        const direction = params.sort?.order === 'desc' ? -1 : 1;
        records.sort((a, b) => direction * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
        return sendList(reply, 'queues', params, records.slice(params.range.start, params.range.end + 1), records.length);
      },
    );

    app.get(
      '/queues/:id',
      { schema: { tags, summary: 'One job queue', params: adminQueueParams, response: { 200: adminQueueAnswer } } },
      async (request, reply) => {
        const record = await queueRecord(deps, jobType(request.params.id));
        reply.header('cache-control', 'private, no-store');
        return record;
      },
    );

    app.post(
      '/queues/:id/jobs/:jobId/retry',
      {
        config: { permission: 'admin.jobs' },
        schema: {
          tags,
          summary: 'Run a failed job again, with its full attempts; 409 when it is not failed (any more)',
          params: adminJobRetryParams,
          response: { 200: adminJobRetryAnswer },
        },
      },
      async (request, reply) => {
        const { id: name, jobId } = request.params;
        const job = jobType(name);
        if (!(await deps.jobs.retry(job, jobId))) {
          const info = await deps.jobs.inspect(job, jobId);
          if (!info) throw new HttpError(404, 'not_found', `jobId: no run ${jobId} in ${name}`, {}, [{ field: 'jobId', message: 'no such run' }]);
          throw new HttpError(409, 'conflict', `This run is ${info.state}, not failed: only a failed run can be retried`);
        }
        const recorded = await recordRetry(deps, request, name, jobId);
        return withPosition(reply, recorded).send({ id: jobId, queue: name, message: `Job ${jobId} of ${name} will run again.` });
      },
    );
  };
}
