import type { FastifyRequest } from 'fastify';
import type { CommandOutcome, RecordedEvent } from '@epos/platform';
import { sentenceStream } from '@epos/schemas';
import { fold } from '@epos/domain/decider';
import { sentenceDecider, type SentenceCommand } from '@epos/domain/poem/sentence-decider';
import type { SentenceEvent, SentenceState } from '@epos/domain/poem/sentence-state';
import type { ApiDeps } from '../../deps.js';
import { causeOf } from '../../commands.js';
import { invalid } from './records.js';
import { sentenceCommandAt } from './command-at.js';

interface Restore {
  /** What to set back, given the sentence as it stood then. */
  command: (then: SentenceState) => SentenceCommand;
  /** The events that are versions of what is restored (all of the sentence's, by default). */
  versions?: (event: RecordedEvent) => boolean;
  /** Names it in the 400 for a position that is not one of its versions. */
  what?: string;
}

/**
 * Sets a sentence, or a part of it, back to how it stood at an event position of its history: new
 * events by the admin, caused by the event restored to (history is never rewritten). Answers the
 * command's result and the sentence's revision after it.
 */
export async function restoreSentence(
  deps: ApiDeps,
  request: FastifyRequest,
  sentence: number,
  position: bigint,
  { command, versions = () => true, what = 'sentence' }: Restore,
): Promise<{ result: CommandOutcome<SentenceEvent, SentenceState>; revision: string }> {
  const history = await deps.store.readStream(sentenceStream(sentence));
  const upTo = history.findIndex((e) => e.position === position);
  if (upTo < 0 || !versions(history[upTo]!)) throw invalid('position', `position: not a version of this ${what}`);
  const then = fold(sentenceDecider(sentence), history.slice(0, upTo + 1));
  return sentenceCommandAt(deps, request, sentence, command(then), history.at(-1)!.revision, { ...causeOf(request), causationId: history[upTo]!.id });
}
