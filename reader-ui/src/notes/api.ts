import type { MyNoteEntry, MyNotesPageAnswer } from '@epos/schemas/accounts/responses';
import { getJson, type Result } from '../ui/http';
import { isPagedAnswer } from '../ui/paging';
import { sectionPath } from '../ui/poem-address';

/** The signed-in reader's notes (GET /api/my/notes, searched and paged on the server), typed by the server's contracts. */
export type MyNote = MyNoteEntry;
export type MyNotesPage = MyNotesPageAnswer;

const query = (params: Record<string, string>) => {
  const kept = Object.entries(params).filter(([, value]) => value !== '');
  return kept.length === 0 ? '' : `?${new URLSearchParams(kept).toString()}`;
};

export const notesApi = {
  page: (q: string, page: number) => `/api/my/notes${query({ q: q.trim(), page: page === 1 ? '' : String(page) })}`,
  /** The markdown file of the notes `q` finds (all of them for ''), sent as an attachment. */
  markdown: (q: string) => `/api/my/notes.md${query({ q: q.trim() })}`,
} as const;

export function fetchMyNotes(q: string, page: number, signal?: AbortSignal): Promise<Result<MyNotesPage>> {
  return getJson(notesApi.page(q, page), { signal, shape: isPagedAnswer });
}

/** Where a note's sentence is read: highlighted in its section, or its permanent link once withdrawn. */
export function noteSentenceHref(note: Pick<MyNote, 'Sentencenumber' | 'book' | 'canto' | 'section' | 'sentenceId'>): string {
  const { Sentencenumber: n, book, canto, section } = note;
  if (n === null || book === null || canto === null || section === null) return `/s/${note.sentenceId}`;
  return sectionPath({ book, canto, section, edition: 'first' }, n);
}

export { notesCount } from '@epos/schemas/accounts/messages';
