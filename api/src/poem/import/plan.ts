import type { StreamAppend } from '@epos/platform';
import { POEM_STREAM, sentenceStream } from '@epos/schemas';
import { emptySentence } from '@epos/projections/poem/sentence-state';
import { sentenceDecider } from '../sentence-decider.js';
import { structureDecider } from '../structure-decider.js';
import type { CurrentPoem } from './current-poem.js';
import type { PoemTargets } from './targets.js';

/** The appends that turn the current poem into the targets: nothing for what is already so. */
export function planImport(current: CurrentPoem, targets: PoemTargets): StreamAppend[] {
  const appends: StreamAppend[] = [];
  const structureEvents = structureDecider.decide({ kind: 'merge', target: targets.structure }, current.structure);
  if (structureEvents.length > 0) {
    appends.push({ streamId: POEM_STREAM, events: structureEvents, expectedRevision: current.structureRevision ?? 'no_stream' });
  }
  for (const target of targets.sentences) {
    const existing = current.sentences.get(target.sentence);
    const events = sentenceDecider(target.sentence).decide({ kind: 'replace', target }, existing?.state ?? emptySentence(target.sentence));
    if (events.length > 0) {
      appends.push({ streamId: sentenceStream(target.sentence), events, expectedRevision: existing ? existing.revision : 'no_stream' });
    }
  }
  return appends;
}
