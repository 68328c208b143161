import { randomUUID } from 'node:crypto';
import { handleCommand, type CommandOutcome, type EventStore } from '@epos/platform';
import { workDecider, type WorkActor, type WorkCommand, type WorkState } from '@epos/domain/works/work-decider';
import { workStream, type Cause, type WorkContent, type WorkEvent } from '@epos/schemas';

/** Readers' works' writes: one way to add, edit, delete, hide and show a work. */
export type WorkOutcome = CommandOutcome<WorkEvent, WorkState>;

const run = (store: EventStore, cause: Cause, workId: string, command: WorkCommand): Promise<WorkOutcome> =>
  handleCommand(store, { streamId: workStream(workId), decider: workDecider, command, cause });

export const addWork = (store: EventStore, cause: Cause, actor: WorkActor, work: { sentences: number[]; content: WorkContent }) => {
  const workId = randomUUID();
  return run(store, cause, workId, { kind: 'add', workId, actor, ...work });
};

export const editWork = (store: EventStore, cause: Cause, actor: WorkActor, workId: string, work: { sentences: number[]; content: WorkContent }) =>
  run(store, cause, workId, { kind: 'edit', actor, ...work });

export const deleteWork = (store: EventStore, cause: Cause, actor: WorkActor, workId: string) => run(store, cause, workId, { kind: 'delete', actor });

export const setWorkHidden = (store: EventStore, cause: Cause, actor: WorkActor, workId: string, hidden: boolean) =>
  run(store, cause, workId, { kind: hidden ? 'hide' : 'show', actor });
