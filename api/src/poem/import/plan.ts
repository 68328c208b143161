import type { StreamAppend } from '@epos/platform';
import { orderKeysBetween, POEM_STREAM, sentenceStream } from '@epos/schemas';
import { emptySentence, type SentenceEvent, type SentenceState } from '@epos/domain/poem/sentence-state';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import { structureDecider } from '@epos/domain/poem/structure-decider';
import { alignSentences, type Alignment } from './align.js';
import { placedInOrder, type CurrentPoem, type StoredSentence } from './current-poem.js';
import type { PoemTargets, TargetSentence } from './targets.js';

/** An import that would withdraw more than this share of the poem needs confirmation. */
const WITHDRAW_SHARE = 0.1;

export interface ImportPlan {
  appends: StreamAppend[];
  /**
   * The file's sentences fall into exactly one of unchanged, new, changed, moved and replaced
   * (they add up to `sentences`); split, merged and renumbered say more of some of them, and
   * withdrawn counts stored sentences the file no longer has.
   */
  counts: {
    sentences: number;
    unchanged: number;
    new: number;
    /** Text edited in place (a split's or a merge's keeper among them). */
    changed: number;
    /** The same text, placed elsewhere in the poem's order. */
    moved: number;
    /** The same text in the same order, its placement changed: another stanza, section, or stanza breaks. */
    replaced: number;
    split: number;
    merged: number;
    renumbered: number;
    withdrawn: number;
    events: number;
  };
  /** Annotated sentences an editor should look at: split, merged away or withdrawn. */
  review: string[];
  /** Why the import needs `--yes`, or null when it does not. */
  needsConfirmation: string | null;
}

/** The parts of a sentence besides its text and placement: what must never silently move. */
function annotationsOf(state: SentenceState): string[] {
  return [
    ...Object.keys(state.fields).map((f) => `note ${f}`),
    ...Object.keys(state.translations).map((l) => `translation ${l}`),
    ...Object.entries(state.media).map(([k]) => `media ${k}`),
    ...(state.relations.length > 0 ? ['word relations'] : []),
    ...Object.keys(state.commentary).map((l) => `commentary ${l}`),
  ];
}

const textOf = (lines: readonly string[] | undefined) => (lines ?? []).join(' ');

/**
 * The appends that turn the current poem into the targets, nothing for what is already so. The
 * targets are matched to stored sentences by text (see align.ts), so a sentence keeps its id and
 * everything attached to it wherever it moves; a stored sentence the targets lack is withdrawn.
 */
export function planImport(current: CurrentPoem, targets: PoemTargets): ImportPlan {
  const before = placedInOrder(current);
  const alignment = alignSentences(
    before.map((s) => textOf(s.state.text.first)),
    targets.sentences.map((t) => textOf(t.first)),
  );
  const ids = assignIds(current, before, alignment);
  const orders = assignOrders(before, alignment);
  const stanzas = assignStanzas(current, before, targets.sentences, alignment);
  const review: string[] = [];
  const appends: StreamAppend[] = [];
  const counts = {
    sentences: targets.sentences.length,
    unchanged: 0,
    new: 0,
    changed: 0,
    moved: 0,
    replaced: 0,
    split: 0,
    merged: 0,
    renumbered: 0,
    withdrawn: 0,
    events: 0,
  };
  const label = (s: StoredSentence) => `sentence ${s.state.sentence} (#${s.state.id})`;

  const structureEvents = structureDecider.decide({ kind: 'merge', target: targets.structure, removeLayers: true }, current.structure);
  if (structureEvents.length > 0) appends.push({ streamId: POEM_STREAM, events: structureEvents, expectedRevision: current.structureRevision ?? 'no_stream' });

  const moved = new Set(alignment.moves.map((m) => m.after));
  const extra = new Map<number, SentenceEvent[]>();
  const addExtra = (id: number, event: SentenceEvent) => extra.set(id, [...(extra.get(id) ?? []), event]);
  for (const split of alignment.splits) {
    const kept = before[split.before]!;
    const into = split.parts.filter((p) => p !== split.keeper).map((p) => ids[p]!);
    addExtra(kept.state.id, { type: 'SentenceSplit', data: { sentence: kept.state.id, into } });
    counts.split++;
    const annotations = annotationsOf(kept.state);
    if (annotations.length > 0) {
      review.push(
        `${label(kept)} was split into sentences ${split.parts.map((p) => p + 1).join(', ')}: its ${annotations.join(', ')} stay with sentence ${split.keeper + 1}; check they belong there`,
      );
    }
  }
  const mergedAway = new Map<number, number>();
  for (const merge of alignment.merges) {
    const keeperId = before[merge.keeper]!.state.id;
    const from = merge.parts.filter((p) => p !== merge.keeper).map((p) => before[p]!);
    addExtra(keeperId, { type: 'SentencesMerged', data: { sentence: keeperId, from: from.map((s) => s.state.id) } });
    counts.merged++;
    for (const gone of from) {
      mergedAway.set(gone.state.id, keeperId);
      const annotations = annotationsOf(gone.state);
      if (annotations.length > 0)
        review.push(`${label(gone)} was merged into sentence ${merge.after + 1}: its ${annotations.join(', ')} are no longer shown (its history keeps them)`);
    }
  }

  targets.sentences.forEach((target, j) => {
    const id = ids[j]!;
    const stored = current.sentences.get(id);
    const existing = stored?.state ?? emptySentence(id);
    const wanted = targetState(existing, target, { ...target.placement, stanza: stanzas[j]!, order: orders[j]! });
    const events = [...(extra.get(id) ?? []), ...sentenceDecider(id).decide({ kind: 'replace', target: wanted }, existing)];
    const source = alignment.source[j];
    if (source === null || source === undefined) counts.new++;
    else {
      if (textOf(before[source]!.state.text.first) !== textOf(target.first)) counts.changed++;
      else if (moved.has(j)) counts.moved++;
      else if (events.length > 0) counts.replaced++;
      else counts.unchanged++;
      if (before[source]!.state.sentence !== j + 1) counts.renumbered++;
    }
    if (events.length > 0) appends.push({ streamId: sentenceStream(id), events, expectedRevision: stored ? stored.revision : 'no_stream' });
  });

  const kept = new Set(alignment.source.filter((s): s is number => s !== null));
  let annotatedWithdrawn = 0;
  let dropped = 0;
  before.forEach((stored, i) => {
    if (kept.has(i)) return;
    const into = mergedAway.get(stored.state.id);
    const events: SentenceEvent[] = [{ type: 'SentenceWithdrawn', data: { sentence: stored.state.id, ...(into ? { into } : {}) } }];
    appends.push({ streamId: sentenceStream(stored.state.id), events, expectedRevision: stored.revision });
    counts.withdrawn++;
    if (into === undefined) dropped++;
    const annotations = annotationsOf(stored.state);
    if (annotations.length > 0) {
      annotatedWithdrawn++;
      if (into === undefined) review.push(`${label(stored)} is withdrawn with its ${annotations.join(', ')} (its history keeps them)`);
    }
  });
  counts.events = appends.reduce((n, a) => n + a.events.length, 0);
  return { appends, counts, review, needsConfirmation: confirmationReason(dropped, before.length, annotatedWithdrawn) };
}

/** `dropped`: sentences withdrawn outright (a merge keeps its sentences' text in the poem). */
/** Another edition's text (targets from `editionTargets`): set on the sentences it aligns with; nothing moves. */
export function editionPlan(current: CurrentPoem, targets: readonly SentenceState[]): ImportPlan {
  const appends: StreamAppend[] = [];
  for (const target of targets) {
    const stored = current.sentences.get(target.id)!;
    const events = sentenceDecider(target.id).decide({ kind: 'replace', target }, stored.state);
    if (events.length > 0) appends.push({ streamId: sentenceStream(target.id), events, expectedRevision: stored.revision });
  }
  const events = appends.reduce((n, a) => n + a.events.length, 0);
  return {
    appends,
    counts: {
      sentences: targets.length,
      unchanged: targets.length - appends.length,
      new: 0,
      changed: appends.length,
      moved: 0,
      replaced: 0,
      split: 0,
      merged: 0,
      renumbered: 0,
      withdrawn: 0,
      events,
    },
    review: [],
    needsConfirmation: null,
  };
}

function confirmationReason(dropped: number, placed: number, annotated: number): string | null {
  const reasons: string[] = [];
  if (dropped > Math.max(1, placed * WITHDRAW_SHARE))
    reasons.push(`it withdraws ${dropped} of the poem's ${placed} sentences (more than ${WITHDRAW_SHARE * 100}%)`);
  if (annotated > 0) reasons.push(`it withdraws or merges away ${annotated} annotated sentence${annotated === 1 ? '' : 's'}`);
  return reasons.length > 0 ? reasons.join(' and ') : null;
}

function targetState(existing: SentenceState, target: TargetSentence, placement: NonNullable<SentenceState['placement']>): SentenceState {
  if (target.content.kind === 'replace') return { ...existing, ...target.content.state, placement };
  return { ...existing, placement, text: { ...existing.text, first: target.first } };
}

/** Matched sentences keep their id; new ones (and split-off parts) get ids never used before. */
function assignIds(current: CurrentPoem, before: StoredSentence[], alignment: Alignment): number[] {
  let next = 1;
  for (const id of current.sentences.keys()) if (id >= next) next = id + 1;
  return alignment.source.map((s) => (s === null ? next++ : before[s]!.state.id));
}

/**
 * Order keys: a matched sentence keeps its key while the keys still rise; the others get keys
 * spread between their neighbours', so nothing else is renumbered by an event.
 */
function assignOrders(before: StoredSentence[], alignment: Alignment): string[] {
  const orders: (string | null)[] = alignment.source.map((s) => (s === null ? null : before[s]!.state.placement!.order));
  for (const move of alignment.moves) orders[move.after] = null;
  let last: string | null = null;
  orders.forEach((key, j) => {
    if (key === null) return;
    if (last !== null && key <= last) orders[j] = null;
    else last = key;
  });
  // A kept key that sits above a later kept key would leave no room: drop keys until they rise.
  for (let j = 0; j < orders.length;) {
    if (orders[j] !== null) {
      j++;
      continue;
    }
    let end = j;
    while (end < orders.length && orders[end] === null) end++;
    const fresh = orderKeysBetween(j > 0 ? orders[j - 1]! : null, end < orders.length ? orders[end]! : null, end - j);
    fresh.forEach((key, k) => (orders[j + k] = key));
    j = end;
  }
  return orders as string[];
}

/**
 * Stanza names: the file numbers its stanzas 1, 2, 3…; each stanza takes the stored name of its
 * first matched sentence when no earlier stanza took it, else a fresh one, so an inserted stanza
 * renames nothing after it. A sentence running across stanza breaks carries one name: the stanza
 * it ends in shares it with the sentences that follow there (the file numbers that stanza
 * `stanza + breaks`), so they are read as one stanza.
 */
function assignStanzas(current: CurrentPoem, before: StoredSentence[], targets: TargetSentence[], alignment: Alignment): number[] {
  let fresh = 1;
  for (const { state } of current.sentences.values()) if (state.placement && state.placement.stanza >= fresh) fresh = state.placement.stanza + 1;
  const names = new Map<number, number>();
  const used = new Set<number>();
  targets.forEach((t, j) => {
    const first = t.placement.stanza;
    if (!names.has(first)) {
      let name: number | undefined;
      for (let k = j; k < targets.length && targets[k]!.placement.stanza === first; k++) {
        const source = alignment.source[k];
        const stored = source === null || source === undefined ? undefined : before[source]!.state.placement!.stanza;
        if (stored !== undefined && !used.has(stored)) {
          name = stored;
          break;
        }
      }
      name ??= fresh++;
      used.add(name);
      names.set(first, name);
    }
    for (let b = 1; b <= t.placement.stanzaBreaks.length; b++) names.set(first + b, names.get(first)!);
  });
  return targets.map((t) => names.get(t.placement.stanza)!);
}
