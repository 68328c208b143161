import { describe, it } from 'vitest';
import type { CuratedPlanContent, CuratedPlanEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { curatedPlanDecider, curatedPlanMessages } from './curated-plan-decider.js';

const planId = '33333333-3333-4333-8333-333333333333';
const content: CuratedPlanContent = {
  title: 'The canto of the week',
  summary: 'Inferno, a canto a week, with a word on each.',
  fromBook: 1,
  fromCanto: 1,
  toBook: 1,
  toCanto: 34,
  split: 'cantos',
  every: 'week',
  portions: 34,
  calendarStart: '2027-01-04',
};
const notes = ['The dark wood.', '', 'The gate.'];
const saved: CuratedPlanEvent = { type: 'CuratedPlanSaved', data: { planId, ...content } };
const noted = (portion: number, note: string): CuratedPlanEvent => ({ type: 'CuratedPlanNoteWritten', data: { planId, portion, note } });
const written = [saved, noted(1, 'The dark wood.'), noted(3, 'The gate.')];
const plan = deciderSpec(curatedPlanDecider);

describe("the editors' reading plans", () => {
  it('saves a plan, trimmed, and a note event for each portion with commentary', () => {
    plan.when({ kind: 'save', planId, content: { ...content, title: '  The canto of the week ' }, notes: [...notes, ' ', ''] }).then(written);
  });

  it('writes nothing when nothing changed; the plan when it did, and only the notes that changed', () => {
    plan.given(written).when({ kind: 'save', planId, content, notes }).then([]);
    plan
      .given(written)
      .when({ kind: 'save', planId: 'ignored-for-an-existing-plan', content: { ...content, every: 'day' }, notes })
      .then([{ type: 'CuratedPlanSaved', data: { planId, ...content, every: 'day' } }]);
    plan
      .given(written)
      .when({ kind: 'save', planId, content, notes: ['', 'The vestibule.', 'The gate.'] })
      .then([noted(1, ''), noted(2, 'The vestibule.')]);
  });

  it('refuses a blank title, a plan that ends before it starts, and more notes than portions', () => {
    plan.when({ kind: 'save', planId, content: { ...content, title: ' ' }, notes }).thenRefuses('invalid', curatedPlanMessages.blankTitle);
    plan.when({ kind: 'save', planId, content: { ...content, fromCanto: 5, toCanto: 4 }, notes }).thenRefuses('invalid', curatedPlanMessages.backwards);
    plan.when({ kind: 'save', planId, content: { ...content, portions: 2 }, notes }).thenRefuses('invalid', curatedPlanMessages.tooManyNotes(3, 2));
  });

  it('withdraws a plan once; a withdrawn or unknown plan is not found', () => {
    plan
      .given([saved])
      .when({ kind: 'withdraw' })
      .then([{ type: 'CuratedPlanWithdrawn', data: { planId } }]);
    plan.when({ kind: 'withdraw' }).thenRefuses('not_found', curatedPlanMessages.notFound);
    plan
      .given([saved, { type: 'CuratedPlanWithdrawn', data: { planId } }])
      .when({ kind: 'save', planId, content, notes })
      .thenRefuses('not_found', curatedPlanMessages.notFound);
  });
});
