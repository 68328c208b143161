import { accountMessages } from '@epos/schemas/accounts/messages';

/** A personal note on a sentence, as GET /postdata/getmynotes/{n} lists it. */
export interface Note {
  /** Names the note to edit or delete it. */
  readonly NoteId: string;
  readonly Content: string;
  readonly Sentencenumber: number;
  readonly Rtype: string;
  readonly savedAt?: string | null;
}

/** The longest note the server keeps (schemas noteBody). */
const MAX_NOTE = 20_000;

/** The spec's message for an empty note, or null when the note can be sent. */
export function validateNote(content: string): string | null {
  if (content.trim() === '') return accountMessages.noteBlank;
  if (content.length > MAX_NOTE) return 'A note has at most 20,000 characters';
  return null;
}

/** Reads the notes list defensively: anything unexpected is left out. */
export function toNotes(body: unknown): Note[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const n = item as Record<string, unknown>;
    if (typeof n.Content !== 'string' || typeof n.NoteId !== 'string') return [];
    return [
      {
        NoteId: n.NoteId,
        Content: n.Content,
        Sentencenumber: Number(n.Sentencenumber),
        Rtype: typeof n.Rtype === 'string' ? n.Rtype : 'note',
        savedAt: typeof n.savedAt === 'string' ? n.savedAt : null,
      },
    ];
  });
}
