import { diffArrays } from 'diff';

/**
 * Aligns the sentences of a poem as stored (`before`, in poem order) with a new version
 * (`after`), the way `diff` aligns lines: unchanged sentences match by text; inside each changed
 * stretch, a sentence is paired with an edited version of itself, with the parts it was split into,
 * or with the sentence several were merged into, by how similar their texts are. A sentence that
 * left one place and appears unchanged at another has moved. Pure: texts in, pairings out.
 */
export interface Alignment {
  /** For each sentence of `after`, the index in `before` whose identity it takes, or null (new). */
  source: (number | null)[];
  /** A `before` sentence divided into several `after` sentences; the first part (`keeper`) takes its identity. */
  splits: { before: number; parts: number[]; keeper: number }[];
  /** Several `before` sentences joined into one `after` sentence, which takes the first one's (`keeper`) identity. */
  merges: { parts: number[]; keeper: number; after: number }[];
  /** `before` sentences found unchanged elsewhere. */
  moves: { before: number; after: number }[];
  /** `before` sentences gone, merged ones excepted. */
  removed: number[];
}

/** Beyond this many edits the versions are treated as unrelated (every sentence new). */
const MAX_EDITS = 20_000;
/** Inside a changed stretch larger than this (before × after), pairs are only tried in place. */
const MAX_HUNK_CELLS = 40_000;
const EDIT_SIMILARITY = 0.5;
const SPLIT_SIMILARITY = 0.7;
const MAX_PARTS = 4;
/**
 * A split (or merge) must explain the text clearly better than its first part alone would: an
 * edited sentence next to an inserted one is an edit and an insertion, not a split.
 */
const DIVISION_GAIN = 0.15;

const normaliseText = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

function bigrams(text: string): Map<string, number> {
  const s = text.toLowerCase();
  const counts = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const pair = s.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Dice coefficient over character pairs: 1 for equal texts, near 0 for unrelated ones. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [pair, n] of x) {
    shared += Math.min(n, y.get(pair) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

type Step =
  | { kind: 'remove'; i: number }
  | { kind: 'insert'; j: number }
  | { kind: 'edit'; i: number; j: number }
  | { kind: 'split'; i: number; j: number; k: number }
  | { kind: 'merge'; i: number; j: number; k: number };

/** The cheapest pairing of one changed stretch: removing or inserting costs 1, pairing 1 − similarity. */
function alignHunk(before: readonly string[], after: readonly string[]): Step[] {
  const m = before.length;
  const n = after.length;
  if (m * n > MAX_HUNK_CELLS) return alignInPlace(before, after);
  const cost = Array.from({ length: m + 1 }, () => new Float64Array(n + 1).fill(Infinity));
  const from: (Step | null)[][] = Array.from({ length: m + 1 }, () => new Array<Step | null>(n + 1).fill(null));
  cost[0]![0] = 0;
  const relax = (i: number, j: number, value: number, step: Step) => {
    if (value < cost[i]![j]!) {
      cost[i]![j] = value;
      from[i]![j] = step;
    }
  };
  for (let i = 0; i <= m; i++) {
    for (let j = 0; j <= n; j++) {
      const here = cost[i]![j]!;
      if (here === Infinity) continue;
      if (i < m) relax(i + 1, j, here + 1, { kind: 'remove', i });
      if (j < n) relax(i, j + 1, here + 1, { kind: 'insert', j });
      if (i < m && j < n) {
        const sim = similarity(before[i]!, after[j]!);
        if (sim >= EDIT_SIMILARITY) relax(i + 1, j + 1, here + (1 - sim), { kind: 'edit', i, j });
      }
      for (let k = 2; k <= MAX_PARTS; k++) {
        if (i < m && j + k <= n) {
          const sim = similarity(before[i]!, after.slice(j, j + k).join(' '));
          if (sim >= SPLIT_SIMILARITY && sim >= similarity(before[i]!, after[j]!) + DIVISION_GAIN)
            relax(i + 1, j + k, here + (1 - sim) + 0.01 * k, { kind: 'split', i, j, k });
        }
        if (j < n && i + k <= m) {
          const sim = similarity(before.slice(i, i + k).join(' '), after[j]!);
          if (sim >= SPLIT_SIMILARITY && sim >= similarity(before[i]!, after[j]!) + DIVISION_GAIN)
            relax(i + k, j + 1, here + (1 - sim) + 0.01 * k, { kind: 'merge', i, j, k });
        }
      }
    }
  }
  const steps: Step[] = [];
  for (let i = m, j = n; i > 0 || j > 0;) {
    const step = from[i]![j]!;
    steps.push(step);
    if (step.kind === 'remove') i--;
    else if (step.kind === 'insert') j--;
    else if (step.kind === 'edit') [i, j] = [i - 1, j - 1];
    else if (step.kind === 'split') [i, j] = [i - 1, j - step.k];
    else [i, j] = [i - step.k, j - 1];
  }
  return steps.reverse();
}

/** A stretch too large to pair every way: the k-th before with the k-th after when similar. */
function alignInPlace(before: readonly string[], after: readonly string[]): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < Math.max(before.length, after.length); k++) {
    if (k < before.length && k < after.length && similarity(before[k]!, after[k]!) >= EDIT_SIMILARITY) steps.push({ kind: 'edit', i: k, j: k });
    else {
      if (k < before.length) steps.push({ kind: 'remove', i: k });
      if (k < after.length) steps.push({ kind: 'insert', j: k });
    }
  }
  return steps;
}

export function alignSentences(beforeTexts: readonly string[], afterTexts: readonly string[]): Alignment {
  const before = beforeTexts.map(normaliseText);
  const after = afterTexts.map(normaliseText);
  const result: Alignment = { source: new Array<number | null>(after.length).fill(null), splits: [], merges: [], moves: [], removed: [] };
  const changes = diffArrays(before, after, { maxEditLength: MAX_EDITS }) ?? [
    { value: before, removed: true, added: false, count: before.length },
    { value: after, removed: false, added: true, count: after.length },
  ];
  // (i, j): where the pending changed stretch starts in before and after.
  let i = 0;
  let j = 0;
  let removed = 0;
  let added = 0;
  const flush = () => {
    if (removed + added > 0) applyHunk(result, before, after, i, j, removed, added);
    i += removed;
    j += added;
    removed = added = 0;
  };
  for (const change of changes) {
    const count = change.value.length;
    if (change.removed) removed += count;
    else if (change.added) added += count;
    else {
      flush();
      for (let k = 0; k < count; k++) result.source[j + k] = i + k;
      i += count;
      j += count;
    }
  }
  flush();
  findMoves(result, before, after);
  return result;
}

function applyHunk(result: Alignment, before: readonly string[], after: readonly string[], i0: number, j0: number, removed: number, added: number): void {
  const steps = alignHunk(before.slice(i0, i0 + removed), after.slice(j0, j0 + added));
  for (const step of steps) {
    if (step.kind === 'remove') result.removed.push(i0 + step.i);
    else if (step.kind === 'edit') result.source[j0 + step.j] = i0 + step.i;
    else if (step.kind === 'split') {
      // The part that begins where the sentence began keeps it: its number and links stay put.
      const parts = Array.from({ length: step.k }, (_, p) => j0 + step.j + p);
      const keeper = parts[0]!;
      result.source[keeper] = i0 + step.i;
      result.splits.push({ before: i0 + step.i, parts, keeper });
    } else if (step.kind === 'merge') {
      const parts = Array.from({ length: step.k }, (_, p) => i0 + step.i + p);
      const keeper = parts[0]!;
      result.source[j0 + step.j] = keeper;
      result.merges.push({ parts, keeper, after: j0 + step.j });
    }
  }
}

/** A removed sentence whose exact text was inserted elsewhere has moved there. */
function findMoves(result: Alignment, before: readonly string[], after: readonly string[]): void {
  const splitOff = new Set(result.splits.flatMap((s) => s.parts.filter((p) => p !== s.keeper)));
  const inserted = new Map<string, number[]>();
  result.source.forEach((s, j) => {
    if (s === null && !splitOff.has(j)) inserted.set(after[j]!, [...(inserted.get(after[j]!) ?? []), j]);
  });
  result.removed = result.removed.filter((i) => {
    const candidates = inserted.get(before[i]!);
    const j = candidates?.shift();
    if (j === undefined) return true;
    result.source[j] = i;
    result.moves.push({ before: i, after: j });
    return false;
  });
}
