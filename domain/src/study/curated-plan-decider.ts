import { DomainError, type Decider } from '../decider.js';
import type { CuratedPlanContent, CuratedPlanEvent } from '@epos/schemas';

export type CuratedPlanState = {
  exists: boolean;
  withdrawn: boolean;
  planId: string;
  content: CuratedPlanContent | null;
  /** The commentary of portion k at k - 1 ('' where there is none). */
  notes: readonly string[];
};

/**
 * Editors' writes to a reading plan of theirs. `content.portions` is worked out by the caller from
 * the poem as it stands (the cantos between, when split by canto), and the cantos are known to exist.
 */
export type CuratedPlanCommand = { kind: 'save'; planId: string; content: CuratedPlanContent; notes: readonly string[] } | { kind: 'withdraw' };

export const curatedPlanMessages = {
  blankTitle: 'title: required',
  backwards: 'to: the plan ends before it starts',
  tooManyNotes: (notes: number, portions: number) => `notes: ${notes} notes for ${portions} portions; at most one a portion`,
  notFound: 'No such reading plan',
} as const;

const initialState: CuratedPlanState = { exists: false, withdrawn: false, planId: '', content: null, notes: [] };

function evolve(state: CuratedPlanState, event: CuratedPlanEvent): CuratedPlanState {
  switch (event.type) {
    case 'CuratedPlanSaved': {
      const { planId, ...content } = event.data;
      return { ...state, exists: true, planId, content };
    }
    case 'CuratedPlanNoteWritten': {
      const notes = [...state.notes];
      while (notes.length < event.data.portion) notes.push('');
      notes[event.data.portion - 1] = event.data.note;
      return { ...state, notes };
    }
    case 'CuratedPlanWithdrawn':
      return { ...state, withdrawn: true };
    default:
      return state;
  }
}

const before = (a: { book: number; canto: number }, b: { book: number; canto: number }) => a.book < b.book || (a.book === b.book && a.canto < b.canto);

/** Every field is a plain value, so equal fields are the same plan. */
const sameContent = (a: CuratedPlanContent, b: CuratedPlanContent) => (Object.keys(b) as (keyof CuratedPlanContent)[]).every((key) => a[key] === b[key]);

/** Trailing empty notes dropped, so a plan saved with blank days to come equals one without them. */
function trimmedNotes(notes: readonly string[]): string[] {
  const kept = notes.map((note) => note.trim());
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return kept;
}

function decide(command: CuratedPlanCommand, state: CuratedPlanState): CuratedPlanEvent[] {
  if (state.withdrawn || (command.kind === 'withdraw' && !state.exists)) throw new DomainError('not_found', curatedPlanMessages.notFound);
  if (command.kind === 'withdraw') return [{ type: 'CuratedPlanWithdrawn', data: { planId: state.planId } }];

  const { content } = command;
  const title = content.title.trim();
  if (title === '') throw new DomainError('invalid', curatedPlanMessages.blankTitle, 'title');
  if (before({ book: content.toBook, canto: content.toCanto }, { book: content.fromBook, canto: content.fromCanto }))
    throw new DomainError('invalid', curatedPlanMessages.backwards, 'to_canto');
  const notes = trimmedNotes(command.notes);
  if (notes.length > content.portions) throw new DomainError('invalid', curatedPlanMessages.tooManyNotes(notes.length, content.portions), 'notes');
  const planId = state.exists ? state.planId : command.planId;
  const next: CuratedPlanContent = { ...content, title, summary: content.summary.trim() };
  const saved: CuratedPlanEvent[] = state.content !== null && sameContent(state.content, next) ? [] : [{ type: 'CuratedPlanSaved', data: { planId, ...next } }];
  const written: CuratedPlanEvent[] = [];
  for (let k = 0; k < Math.max(notes.length, state.notes.length); k++) {
    const note = notes[k] ?? '';
    if (note !== (state.notes[k] ?? '')) written.push({ type: 'CuratedPlanNoteWritten', data: { planId, portion: k + 1, note } });
  }
  return [...saved, ...written];
}

export const curatedPlanDecider: Decider<CuratedPlanCommand, CuratedPlanEvent, CuratedPlanState> = { initialState, evolve, decide };
