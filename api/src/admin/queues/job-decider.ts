import type { Decider } from '@epos/domain/decider';
import type { JobEvent } from '@epos/schemas/admin/queues';

/** What an admin did to a run of the queue (the run itself lives in the job queue, not in events). */
export type JobCommand = { kind: 'recordRetry'; jobId: string };

/** The rules of a queue's stream: a retry that the job queue accepted is recorded, nothing more to decide. */
export function jobDecider(queue: string): Decider<JobCommand, JobEvent, null> {
  return { initialState: null, evolve: () => null, decide: (command) => [{ type: 'JobRetried', data: { queue, jobId: command.jobId } }] };
}
