/**
 * A reading plan's days, worked out from the poem as it is now: the plan keeps only its cantos, its
 * days and where the reader is (a sentence's permanent id, and the lines read, for when that
 * sentence is gone), so an edit of the poem moves portions, never loses the reader's place.
 */

/** A sentence in the poem's order, with its first verse line's running number in the poem. */
export interface PlacedSentence {
  id: number;
  sentence: number;
  book: number;
  canto: number;
  section: number;
  lines: number;
  poemStart: number;
}

/** What the reader has read: through a sentence (null: nothing), `lines` lines of the plan then. */
export interface PlanPointer {
  id: number | null;
  lines: number;
}

export interface PlanState {
  fromBook: number;
  fromCanto: number;
  toBook: number;
  toCanto: number;
  startDay: string;
  endDay: string;
  /** The current schedule: from this day to `endDay`, spreading what was left after `scheduleAfter`. */
  scheduleFrom: string;
  scheduleAfter: PlanPointer;
  read: PlanPointer;
}

export interface Portion {
  from: Omit<PlacedSentence, 'id' | 'lines' | 'poemStart'>;
  to: Omit<PlacedSentence, 'id' | 'lines' | 'poemStart'>;
  lines: number;
}

export interface PlanDay {
  day: number;
  days: number;
  lines: number;
  linesDone: number;
  finished: boolean;
  today: Portion | null;
  todayDone: boolean;
  behind: { days: number; lines: number };
  catchUp: Portion | null;
  ahead: Portion | null;
  repaceTo: string | null;
  moveEndTo: string | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const addDays = (day: string, days: number) => new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** How many days reading `lines` lines at `linesPerDay` a day takes. */
export const daysAtPace = (lines: number, linesPerDay: number) => Math.max(1, Math.ceil(lines / linesPerDay));

/** First index in [lo, hi) whose sentence is not before `test` says; hi when none. */
function firstWhere(lo: number, hi: number, test: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const indexes = new WeakMap<readonly PlacedSentence[], Map<number, number>>();
function indexOfId(places: readonly PlacedSentence[], id: number): number | undefined {
  let map = indexes.get(places);
  if (!map) {
    map = new Map(places.map((p, i) => [p.id, i]));
    indexes.set(places, map);
  }
  return map.get(id);
}

/** The sentences of cantos `from`..`to` in the poem's order: [lo, hi). */
function scopeOf(places: readonly PlacedSentence[], scope: { fromBook: number; fromCanto: number; toBook: number; toCanto: number }) {
  const lo = firstWhere(
    0,
    places.length,
    (i) => places[i]!.book > scope.fromBook || (places[i]!.book === scope.fromBook && places[i]!.canto >= scope.fromCanto),
  );
  const hi = firstWhere(lo, places.length, (i) => places[i]!.book > scope.toBook || (places[i]!.book === scope.toBook && places[i]!.canto > scope.toCanto));
  return { lo, hi };
}

/** The plan's arithmetic on the poem's sentences: its lines, portions and where a pointer stands. */
export class PlanText {
  readonly lo: number;
  readonly hi: number;

  constructor(
    private readonly places: readonly PlacedSentence[],
    plan: Pick<PlanState, 'fromBook' | 'fromCanto' | 'toBook' | 'toCanto'>,
  ) {
    ({ lo: this.lo, hi: this.hi } = scopeOf(places, plan));
  }

  /** The running line where sentence `i` starts; for `hi`, the line after the plan's last. */
  start(i: number): number {
    if (i < this.hi) return this.places[i]!.poemStart;
    const last = this.places[this.hi - 1];
    return last ? last.poemStart + last.lines : 0;
  }

  get lines(): number {
    return this.start(this.hi) - this.start(this.lo);
  }

  /** The last sentence read (lo - 1: none): the pointer's sentence while it is in the plan, else the one holding its line. */
  indexOf(pointer: PlanPointer): number {
    if (pointer.id === null || pointer.lines <= 0) return this.lo - 1;
    const at = indexOfId(this.places, pointer.id);
    if (at !== undefined && at >= this.lo && at < this.hi) return at;
    return this.holding(this.start(this.lo) + pointer.lines - 1);
  }

  /** The sentence holding running line `line` (clamped to the plan). */
  holding(line: number): number {
    return Math.min(this.hi - 1, firstWhere(this.lo, this.hi, (i) => this.start(i) > line) - 1);
  }

  /** Lines of the plan read when the last read is sentence `i`. */
  linesThrough(i: number): number {
    return this.start(i + 1) - this.start(this.lo);
  }

  /** The pointer for having read through sentence `id`; null when it is not in the plan. */
  pointerTo(id: number): PlanPointer | null {
    const at = indexOfId(this.places, id);
    return at !== undefined && at >= this.lo && at < this.hi ? { id, lines: this.linesThrough(at) } : null;
  }

  portion(first: number, last: number): Portion | null {
    if (last < first) return null;
    const place = (p: PlacedSentence) => ({ sentence: p.sentence, book: p.book, canto: p.canto, section: p.section });
    return { from: place(this.places[first]!), to: place(this.places[last]!), lines: this.start(last + 1) - this.start(first) };
  }
}

/** Where each day's portion of a schedule ends: the sentence its share of the lines ends in. */
class Schedule {
  readonly days: number;
  readonly first: number;
  readonly lines: number;

  constructor(
    private readonly text: PlanText,
    plan: PlanState,
  ) {
    this.days = Math.max(1, daysBetween(plan.scheduleFrom, plan.endDay) + 1);
    this.first = text.indexOf(plan.scheduleAfter) + 1;
    this.lines = text.start(text.hi) - text.start(this.first);
  }

  /** The last sentence of day `k`'s portion (k from 0); first - 1 before the first day. */
  endOf(k: number): number {
    if (k < 0 || this.lines === 0) return this.first - 1;
    const share = Math.ceil(((Math.min(k, this.days - 1) + 1) * this.lines) / this.days);
    return this.text.holding(this.text.start(this.first) + share - 1);
  }

  /** The first day whose portion ends after sentence `i`, in [from, to); `to` when none. */
  firstDayEndingAfter(i: number, from: number, to: number): number {
    return firstWhere(from, to, (k) => this.endOf(k) > i);
  }
}

/** The plan on the reader's day `today`: its day, today's portion, what is behind, and the ways back on schedule. */
export function planDay(places: readonly PlacedSentence[], plan: PlanState, on: string): PlanDay {
  const text = new PlanText(places, plan);
  const schedule = new Schedule(text, plan);
  const read = text.indexOf(plan.read);
  const finished = text.hi > text.lo && read >= text.hi - 1;
  const base = {
    day: Math.max(0, daysBetween(plan.startDay, on) + 1),
    days: Math.max(1, daysBetween(plan.startDay, plan.endDay) + 1),
    lines: text.lines,
    linesDone: text.linesThrough(read),
    finished,
  };
  const none = { behind: { days: 0, lines: 0 }, catchUp: null, ahead: null, repaceTo: null, moveEndTo: null };
  if (finished || text.hi === text.lo) return { ...base, today: null, todayDone: finished, ...none };

  const t = Math.min(Math.max(daysBetween(plan.scheduleFrom, on), 0), schedule.days - 1);
  const todayEnd = schedule.endOf(t);
  const todayStart = schedule.endOf(t - 1) + 1;
  const todayDone = read >= todayEnd;
  const today = todayDone ? text.portion(todayStart, todayEnd) : text.portion(Math.max(todayStart, read + 1), todayEnd);

  const firstBehind = schedule.firstDayEndingAfter(read, 0, t);
  const behindDays = t - firstBehind;
  const dueEnd = schedule.endOf(t - 1);
  const catchUp = behindDays > 0 ? text.portion(read + 1, dueEnd) : null;

  const readOrToday = Math.max(read, todayEnd);
  const nextDay = schedule.firstDayEndingAfter(readOrToday, t + 1, schedule.days);
  const ahead = readOrToday >= text.hi - 1 ? null : text.portion(readOrToday + 1, nextDay < schedule.days ? schedule.endOf(nextDay) : text.hi - 1);

  const left = text.start(text.hi) - text.start(read + 1);
  const pace = schedule.lines / schedule.days;
  const behind = behindDays > 0;
  return {
    ...base,
    today,
    todayDone,
    behind: { days: behindDays, lines: catchUp?.lines ?? 0 },
    catchUp,
    ahead,
    repaceTo: behind && daysBetween(on, plan.endDay) >= 0 ? plan.endDay : null,
    moveEndTo: behind && pace > 0 ? addDays(on, Math.ceil(left / pace) - 1) : null,
  };
}

/** An editors' plan's scope and cut: `portions` even shares of its lines, or a canto a portion. */
export interface CuratedCut {
  fromBook: number;
  fromCanto: number;
  toBook: number;
  toCanto: number;
  split: 'lines' | 'cantos';
  portions: number;
}

/**
 * The portions of an editors' plan on the poem as it is now, the first first: by lines, cut as a
 * reader's plan of as many days is (each ends with the sentence its share ends in; null where a
 * share holds no whole sentence); by canto, each canto between with sentences.
 */
export function curatedPortions(places: readonly PlacedSentence[], cut: CuratedCut): (Portion | null)[] {
  const text = new PlanText(places, cut);
  if (cut.split === 'cantos') {
    const portions: Portion[] = [];
    for (let first = text.lo; first < text.hi;) {
      const { book, canto } = places[first]!;
      let last = first;
      while (last + 1 < text.hi && places[last + 1]!.book === book && places[last + 1]!.canto === canto) last += 1;
      portions.push(text.portion(first, last)!);
      first = last + 1;
    }
    return portions;
  }
  const nothing = { id: null, lines: 0 };
  const schedule = new Schedule(text, {
    ...cut,
    startDay: '2000-01-01',
    scheduleFrom: '2000-01-01',
    endDay: addDays('2000-01-01', cut.portions - 1),
    scheduleAfter: nothing,
    read: nothing,
  });
  return Array.from({ length: cut.portions }, (_, k) => text.portion(schedule.endOf(k - 1) + 1, schedule.endOf(k)));
}

/** How many cantos (with sentences) lie between two, both included. */
export const cantosBetween = (places: readonly PlacedSentence[], scope: Omit<CuratedCut, 'split' | 'portions'>) =>
  curatedPortions(places, { ...scope, split: 'cantos', portions: 1 }).length;
