import { randomUUID } from 'node:crypto';
import { curatedPlanStream, SYSTEM_ACTOR, type CuratedPlanContent } from '@epos/schemas';
import type { DemoSeeder, SeedContext } from '../demo/seed.js';

const DAY_MS = 86_400_000;
/** The Monday of this week (UTC): the demo's shared calendar starts there, so it runs from the first visit. */
function thisMonday(now = new Date()): string {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - day * DAY_MS).toISOString().slice(0, 10);
}

const whole = { fromBook: 1, fromCanto: 1, toBook: 2, toCanto: 2 };

/** The demo poem's two books of two cantos each, a canto a week for everyone, and the whole poem in a week. */
function plans(): (CuratedPlanContent & { notes: string[] })[] {
  return [
    {
      title: 'The canto of the week',
      summary: 'One canto a week, read by everyone together, with a word from the editors on each.',
      ...whole,
      split: 'cantos',
      every: 'week',
      portions: 4,
      calendarStart: thisMonday(),
      notes: [
        'The poem opens with an invocation to the lamp itself (||1||). Read it aloud once before going on: the pauses are part of the sense.',
        'An oath at a threshold. Notice how often the poem stops at doors and edges, and what is promised there.',
        'The road without stars: the longest sentences of the poem so far. Follow each to its full stop before looking anything up.',
        'Dawn, and the lamp again. Compare the last sentence with the first (||1||): what has the light become?',
      ],
    },
    {
      title: 'The whole poem in a week',
      summary: 'For a first reading: about a seventh of the poem a day, whole sentences only.',
      ...whole,
      split: 'lines',
      every: 'day',
      portions: 7,
      calendarStart: null,
      notes: ['Begin slowly: the first day sets the tone for the rest.', '', '', '', '', '', 'The last portion: read the first sentence again afterwards.'],
    },
  ];
}

async function seedPlans(context: SeedContext): Promise<void> {
  for (const { notes, ...content } of plans()) {
    const planId = randomUUID();
    const written = notes.flatMap((note, k) => (note === '' ? [] : [{ type: 'CuratedPlanNoteWritten', data: { planId, portion: k + 1, note } }]));
    await context.store.append(curatedPlanStream(planId), [{ type: 'CuratedPlanSaved', data: { planId, ...content } }, ...written], {
      expectedRevision: 'no_stream',
      cause: { actor: SYSTEM_ACTOR },
    });
  }
}

/** The editors' reading plans of the demo: a shared calendar (the canto of the week) and a plan to start on any day. */
export const plansDemoSeeder: DemoSeeder = { name: 'plans', seed: seedPlans };
