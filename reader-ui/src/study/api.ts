import { postCommand, postForm, type AccountResult } from '../accounts/api';
import { GENERIC_ERROR, NOT_FOUND } from '../app/messages';
import type { Line, Loaded } from '../poem/api';
import { toNotes, type Note } from './notes';
import { nextReadUrl, type Reading } from './readings';
import type { DictionaryEntry } from '@epos/schemas/dictionary/responses';
import type { ImageAnswer } from '@epos/schemas/poem/responses';

export type { DictionaryEntry };

/** An image of a sentence: painting, sketch or the artist's image. */
export type ImageView = ImageAnswer;
/** A sentence with what the study tools use: media, notes, translations. */
export type StudyLine = Line;

async function getJson<T>(url: string, signal?: AbortSignal): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: signal ?? null });
    if (!response.ok) return { ok: false, status: response.status, message: response.status === 404 ? NOT_FOUND : GENERIC_ERROR };
    return { ok: true, data: (await response.json()) as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

const dictionary = new Map<string, Loaded<DictionaryEntry>>();

/** GET /api/dict/{word}; answers (404s too) are kept for this visit. */
export async function fetchMeaning(word: string, signal?: AbortSignal): Promise<Loaded<DictionaryEntry>> {
  const key = word.toLowerCase();
  const known = dictionary.get(key);
  if (known !== undefined) return known;
  const result = await getJson<DictionaryEntry>(`/api/dict/${encodeURIComponent(word)}`, signal);
  if (result.ok || result.status === 404) dictionary.set(key, result);
  return result;
}

export function fetchReading(ref: { book: number; canto: number; section: number }, layer: string, id: number, signal?: AbortSignal): Promise<Loaded<Reading>> {
  return getJson<Reading>(nextReadUrl(ref, layer, id), signal);
}

export async function fetchNotes(n: number, signal?: AbortSignal): Promise<Loaded<Note[]>> {
  const result = await getJson<unknown>(`/postdata/getmynotes/${n}`, signal);
  return result.ok ? { ok: true, data: toNotes(result.data) } : result;
}

/** Saves a new note on sentence n, or with `noteId` changes that note; answers the note's id when saved. */
export async function saveNote(n: number, content: string, noteId?: string): Promise<AccountResult & { readonly noteId?: string }> {
  const outcome = await postCommand('/postdata/myNotes', { ...(noteId ? { NoteId: noteId } : {}), Content: content, Sentencenumber: n, Rtype: 'note' });
  const id = typeof outcome.body === 'object' && outcome.body !== null ? (outcome.body as { NoteId?: unknown }).NoteId : undefined;
  return outcome.result.ok && typeof id === 'string' ? { ...outcome.result, noteId: id } : outcome.result;
}

export function deleteNote(noteId: string): Promise<AccountResult> {
  return postForm('/postdata/deleteNote', { NoteId: noteId });
}

/** The sentence's pictures in the spec's order: paintings, sketches, the artist's images. */
export function picturesOf(line: StudyLine): { readonly kind: string; readonly image: ImageView }[] {
  const list = (kind: string, images: readonly ImageView[] | null | undefined) => (images ?? []).filter((i) => i.ImageUrl).map((image) => ({ kind, image }));
  return [...list('Painting', line.mos?.PoemPaintings), ...list('Sketch', line.mos?.PoemSketches), ...list("Artist's image", line.PoemImagesArtist)];
}
