import type { FastifyRequest } from 'fastify';
import { handleCommand, type CommandOutcome } from '@epos/platform';
import { sentenceStream, type Cause } from '@epos/schemas';
import { sentenceDecider, type SentenceCommand } from '@epos/domain/poem/sentence-decider';
import type { SentenceEvent, SentenceState } from '@epos/domain/poem/sentence-state';
import type { ApiDeps } from '../../deps.js';
import { causeOf } from '../../commands.js';

/**
 * A sentence command at the revision the console loaded (`version`; a 409 when the sentence changed
 * since): the command's result and the sentence's revision after it, which the console edits next.
 */
export async function sentenceCommandAt(
  deps: ApiDeps,
  request: FastifyRequest,
  sentence: number,
  command: SentenceCommand,
  version: bigint,
  cause: Cause = causeOf(request),
): Promise<{ result: CommandOutcome<SentenceEvent, SentenceState>; revision: string }> {
  const result = await handleCommand(deps.store, {
    streamId: sentenceStream(sentence),
    decider: sentenceDecider(sentence),
    command,
    cause,
    expectedRevision: version,
  });
  return { result, revision: (version + BigInt(result.events.length)).toString() };
}
