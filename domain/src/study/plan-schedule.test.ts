import { describe, expect, it } from 'vitest';
import { addDays, cantosBetween, curatedPortions, daysAtPace, daysBetween, planDay, type PlacedSentence, type PlanState } from './plan-schedule.js';

/** A poem from line counts per canto: [book, canto, lines of each sentence]; ids are 100 + running number. */
function poem(cantos: readonly [number, number, readonly number[]][]): PlacedSentence[] {
  const places: PlacedSentence[] = [];
  let line = 1;
  for (const [book, canto, sentences] of cantos)
    for (const lines of sentences) {
      const n = places.length + 1;
      places.push({ id: 100 + n, sentence: n, book, canto, section: 1, lines, poemStart: line });
      line += lines;
    }
  return places;
}

// Two books: 1.1 has ten 3-line tercets (30 lines), 1.2 one blank-verse sentence of 42 lines and three of 2, 2.1 ten of 1.
const text = poem([
  [1, 1, Array(10).fill(3)],
  [1, 2, [42, 2, 2, 2]],
  [2, 1, Array(10).fill(1)],
]);
const nothing = { id: null, lines: 0 };
const plan = (over: Partial<PlanState> = {}): PlanState => ({
  fromBook: 1,
  fromCanto: 1,
  toBook: 1,
  toCanto: 1,
  startDay: '2026-03-01',
  endDay: '2026-03-05',
  scheduleFrom: '2026-03-01',
  scheduleAfter: nothing,
  read: nothing,
  ...over,
});

describe('a reading plan', () => {
  it('spreads its cantos over its days, each portion ending with the sentence its share ends in', () => {
    // 30 lines over 5 days: 6 a day, two tercets each.
    const first = planDay(text, plan(), '2026-03-01');
    expect(first).toMatchObject({ day: 1, days: 5, lines: 30, linesDone: 0, finished: false, todayDone: false });
    expect(first.today).toEqual({ from: { sentence: 1, book: 1, canto: 1, section: 1 }, to: { sentence: 2, book: 1, canto: 1, section: 1 }, lines: 6 });
    expect(planDay(text, plan(), '2026-03-05').today?.from.sentence).toBe(9);
    // Read ahead: tomorrow's portion.
    expect(first.ahead).toMatchObject({ from: { sentence: 3 }, to: { sentence: 4 }, lines: 6 });
  });

  it('counts a day read once the reader is through its last sentence, and offers the next to read ahead', () => {
    const done = planDay(text, plan({ read: { id: 102, lines: 6 } }), '2026-03-01');
    expect(done).toMatchObject({ todayDone: true, linesDone: 6, behind: { days: 0, lines: 0 }, catchUp: null });
    expect(done.ahead).toMatchObject({ from: { sentence: 3 }, to: { sentence: 4 } });
    // Half of today read: what is left of it.
    expect(planDay(text, plan({ read: { id: 101, lines: 3 } }), '2026-03-01').today).toMatchObject({ from: { sentence: 2 }, to: { sentence: 2 }, lines: 3 });
  });

  it('keeps a long sentence whole: a day whose share falls inside it ends with it, and the next days are shorter', () => {
    // Canto 1.2: 48 lines over 4 days (12 a day): the 42-line sentence is day 1; days 2 and 3 have nothing new, day 4 the rest.
    const blank = plan({ fromCanto: 2, toCanto: 2, endDay: '2026-03-04' });
    expect(planDay(text, blank, '2026-03-01').today).toMatchObject({ from: { sentence: 11 }, to: { sentence: 11 }, lines: 42 });
    const second = planDay(text, { ...blank, read: { id: 111, lines: 42 } }, '2026-03-02');
    expect(second).toMatchObject({ today: null, todayDone: true, behind: { days: 0 } });
    expect(planDay(text, { ...blank, read: { id: 111, lines: 42 } }, '2026-03-04').today).toMatchObject({ from: { sentence: 12 }, to: { sentence: 14 } });
  });

  it('behind schedule: counts the days missed, the catch-up portion, and where re-pacing or moving the end leads', () => {
    const late = planDay(text, plan(), '2026-03-03');
    expect(late.behind).toEqual({ days: 2, lines: 12 });
    expect(late.catchUp).toMatchObject({ from: { sentence: 1 }, to: { sentence: 4 }, lines: 12 });
    expect(late.today).toMatchObject({ from: { sentence: 5 }, to: { sentence: 6 } });
    expect(late.repaceTo).toBe('2026-03-05');
    // 30 lines left at 6 a day: 5 days from today.
    expect(late.moveEndTo).toBe('2026-03-07');
    // Re-paced on the 3rd: 30 lines over the 3 days left, 10 a day (four tercets end at line 12).
    const repaced = planDay(text, plan({ scheduleFrom: '2026-03-03' }), '2026-03-03');
    expect(repaced).toMatchObject({ behind: { days: 0 }, repaceTo: null, moveEndTo: null });
    expect(repaced.today).toMatchObject({ from: { sentence: 1 }, to: { sentence: 4 } });
  });

  it('past its end: all that is left is today’s, and only moving the end is offered', () => {
    const after = planDay(text, plan({ read: { id: 104, lines: 12 } }), '2026-03-09');
    expect(after.today).toMatchObject({ from: { sentence: 9 }, to: { sentence: 10 } });
    expect(after.catchUp).toMatchObject({ from: { sentence: 5 }, to: { sentence: 8 } });
    expect(after.repaceTo).toBeNull();
    expect(after.moveEndTo).toBe('2026-03-11');
  });

  it('is finished once its last sentence is read, whatever the day', () => {
    expect(planDay(text, plan({ read: { id: 110, lines: 30 } }), '2026-03-02')).toMatchObject({ finished: true, today: null, linesDone: 30 });
  });

  it('before it starts: day 0, its first portion waiting', () => {
    expect(planDay(text, plan(), '2026-02-27')).toMatchObject({ day: 0, today: { from: { sentence: 1 } } });
  });

  it('over several books: from the first canto named through the last', () => {
    const whole = planDay(text, plan({ toBook: 2, toCanto: 1, endDay: '2026-03-01' }), '2026-03-01');
    expect(whole).toMatchObject({ lines: 88, today: { from: { sentence: 1 }, to: { sentence: 24, book: 2 }, lines: 88 } });
  });

  it('follows the poem’s edits: a line inserted moves the portions, a sentence withdrawn leaves the reader at its lines', () => {
    // A line inserted in sentence 1 (now lines 1-4): 31 lines over 5 days, shares ending at lines 7, 13, 19, 25 and 31.
    const inserted = poem([[1, 1, [4, ...Array(9).fill(3)]]]);
    expect(planDay(inserted, plan(), '2026-03-01').today).toMatchObject({ from: { sentence: 1 }, to: { sentence: 2 }, lines: 7 });
    // The reader was through sentence 104 (12 lines); it is withdrawn and the rest renumbered: their place stays at line 12.
    const withdrawn = text.filter((p) => p.id !== 104).map((p, i) => ({ ...p, sentence: i + 1, poemStart: p.poemStart - (p.id > 104 ? 3 : 0) }));
    const day = planDay(withdrawn, plan({ read: { id: 104, lines: 12 } }), '2026-03-03');
    expect(day.linesDone).toBe(12);
    expect(day.today).toMatchObject({ from: { sentence: 5 } });
  });
});

describe('plan days', () => {
  it('count and add calendar days across months and leap days', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-05', -4)).toBe('2026-03-01');
    expect(daysAtPace(14_233, 40)).toBe(356);
    expect(daysAtPace(10, 40)).toBe(1);
  });
});

describe("an editors' plan's portions", () => {
  const span = (p: ReturnType<typeof curatedPortions>[number]) => (p === null ? null : [p.from.sentence, p.to.sentence, p.lines]);

  it('by canto: each canto between with its sentences, whatever its length', () => {
    const cut = { fromBook: 1, fromCanto: 1, toBook: 2, toCanto: 1, split: 'cantos' as const, portions: 3 };
    expect(curatedPortions(text, cut).map(span)).toEqual([
      [1, 10, 30],
      [11, 14, 48],
      [15, 24, 10],
    ]);
    expect(cantosBetween(text, { fromBook: 1, fromCanto: 2, toBook: 2, toCanto: 1 })).toBe(2);
  });

  it('by lines: cut as a reader plan of as many days, a share that holds no whole sentence left empty', () => {
    // 30 lines in 5: two tercets each.
    expect(curatedPortions(text, { fromBook: 1, fromCanto: 1, toBook: 1, toCanto: 1, split: 'lines', portions: 5 }).map(span)).toEqual([
      [1, 2, 6],
      [3, 4, 6],
      [5, 6, 6],
      [7, 8, 6],
      [9, 10, 6],
    ]);
    // 48 lines in 4: the 42-line sentence fills the first three shares.
    expect(curatedPortions(text, { fromBook: 1, fromCanto: 2, toBook: 1, toCanto: 2, split: 'lines', portions: 4 }).map(span)).toEqual([
      [11, 11, 42],
      null,
      null,
      [12, 14, 6],
    ]);
  });
});
