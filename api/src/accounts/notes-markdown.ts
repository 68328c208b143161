import type { MyNoteEntry } from '@epos/schemas';
import { notesCount } from '@epos/schemas/accounts/messages';
import { sentenceHref, sentenceReferences } from '@epos/schemas/poem/sentence-references';

export interface NotesFile {
  poemTitle: string;
  /** The site's public address, without a trailing slash: links in the file are absolute. */
  site: string;
  /** The filter the notes were chosen by ('' for all of them). */
  search: string;
  notes: readonly MyNoteEntry[];
  /** When the file was made (its date is written in it). */
  at: Date;
}

const day = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** Where a note's sentence stands, for its heading: "Sentence 12 · Book 1, Canto 2, Section 1". */
function sentenceHeading(note: MyNoteEntry, site: string): string {
  const permanent = `${site}/s/${note.sentenceId}`;
  if (note.Sentencenumber === null) return `[A withdrawn sentence](${permanent})`;
  return `[Sentence ${note.Sentencenumber}](${permanent}) · Book ${note.book}, Canto ${note.canto}, Section ${note.section}`;
}

/** A note's text with its `||n||` references written as markdown links to the sentence pages. */
function withLinks(text: string, site: string): string {
  return sentenceReferences(text)
    .map((part) => (part.kind === 'text' ? part.text : `[${part.n}](${site}${sentenceHref(part.n)})`))
    .join('');
}

/** Notes in the order of the poem (withdrawn sentences last), each sentence's notes oldest first. */
function inPoemOrder(notes: readonly MyNoteEntry[]): MyNoteEntry[] {
  const rank = (n: MyNoteEntry) => n.Sentencenumber ?? Number.MAX_SAFE_INTEGER;
  return [...notes].sort(
    (a, b) =>
      rank(a) - rank(b) || a.sentenceId - b.sentenceId || new Date(a.savedAt).getTime() - new Date(b.savedAt).getTime() || a.NoteId.localeCompare(b.NoteId),
  );
}

/** The reader's notes as one markdown file: a heading per sentence, then each note with its kind and day. */
export function notesMarkdown({ poemTitle, site, search, notes, at }: NotesFile): string {
  const lines = [`# My notes on ${poemTitle}`, '', `${notesCount(notes.length, search)}, as of ${day(at)}.`];
  let previous: number | null = null;
  for (const note of inPoemOrder(notes)) {
    if (note.sentenceId !== previous) lines.push('', `## ${sentenceHeading(note, site)}`);
    previous = note.sentenceId;
    lines.push('', `*${note.Rtype}, ${day(note.savedAt)}*`, '', withLinks(note.Content, site));
  }
  return `${lines.join('\n')}\n`;
}

/** The download's file name. */
export const NOTES_FILE_NAME = 'my-notes.md';
