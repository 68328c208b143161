import type { StreamAppend } from '@epos/platform';
import { POEM_STREAM, sentenceStream } from '@epos/schemas';
import { emptySentence } from '@epos/projections/poem/sentence-state';
import { sentenceDecider } from '../sentence-decider.js';
import { structureDecider } from '../structure-decider.js';
import type { CurrentPoem } from './current-poem.js';
import type { PoemTargets } from './targets.js';

export interface PlanOptions {
  /** The targets are the whole poem: sentences and layers they lack are withdrawn. */
  complete: boolean;
}

/** The appends that turn the current poem into the targets: nothing for what is already so. */
export function planImport(current: CurrentPoem, targets: PoemTargets, options: PlanOptions): StreamAppend[] {
  const appends: StreamAppend[] = [];
  const structureEvents = structureDecider.decide({ kind: 'merge', target: targets.structure, removeLayers: options.complete }, current.structure);
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
  if (options.complete) {
    const kept = new Set(targets.sentences.map((t) => t.sentence));
    for (const [n, { state, revision }] of current.sentences) {
      if (kept.has(n) || !state.placement) continue;
      appends.push({ streamId: sentenceStream(n), events: sentenceDecider(n).decide({ kind: 'withdraw' }, state), expectedRevision: revision });
    }
  }
  return appends;
}
