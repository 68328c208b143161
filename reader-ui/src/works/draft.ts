import type { WorkDraft } from './api';

/** Checks the form as the server will, so a reader sees the field's problem before sending. */
export function draftProblem(draft: WorkDraft): string | null {
  if (!/^\s*\d+\s*(,\s*\d+\s*)*$/.test(draft.SentenceNumber)) return 'SentenceNumber: one or more sentence numbers separated by commas, such as 12, 13';
  if (draft.TypeOf === 'text') return draft.Description.trim() === '' ? 'Description: an annotation needs text' : null;
  if (draft.Urlto.trim() === '') return 'Urlto: this kind of work needs a link';
  if (draft.TypeOf === 'video' && !/[?&]v=/.test(draft.Urlto)) return 'Urlto: expected a YouTube video URL with a v= parameter';
  return null;
}
