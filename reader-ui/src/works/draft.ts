import type { WorkDraft, WorkType } from './api';

/** The form's labels for the fields the server names (its messages start "Urlto: …"), so a reader sees the words on the screen. */
function fieldLabel(field: string, type: WorkType): string | null {
  switch (field) {
    case 'SentenceNumber':
      return 'Sentences';
    case 'Description':
      return type === 'text' ? 'Annotation' : 'Caption';
    case 'Urlto':
      return 'Link';
    case 'TypeOf':
      return 'Kind of work';
    case 'file':
      return 'Recording';
    default:
      return null;
  }
}

/** A message from the works API as the form says it: a leading field name becomes that field's label. */
export function onScreen(message: string, type: WorkType): string {
  const match = /^(\w+): (.*)$/s.exec(message);
  const label = match === null ? null : fieldLabel(match[1]!, type);
  return label === null ? message : `${label}: ${match![2]!}`;
}

/**
 * Checks the form as the server will, so a reader sees the field's problem before sending. An
 * audio work may have a chosen file instead of a link: the file is uploaded first and linked.
 */
export function draftProblem(draft: WorkDraft, fileChosen = false): string | null {
  if (!/^\s*\d+\s*(,\s*\d+\s*)*$/.test(draft.SentenceNumber)) return 'Sentences: one or more sentence numbers separated by commas, such as 12, 13';
  if (draft.TypeOf === 'text') return draft.Description.trim() === '' ? 'Annotation: write the annotation' : null;
  if (draft.TypeOf === 'audio' && fileChosen) return null;
  if (draft.Urlto.trim() === '')
    return draft.TypeOf === 'audio' ? 'Link: give a link to the recording, or choose a file to upload' : 'Link: this kind of work needs a link';
  if (draft.TypeOf === 'video' && !/[?&]v=/.test(draft.Urlto)) return 'Link: expected a YouTube video address with a v= parameter';
  return null;
}
