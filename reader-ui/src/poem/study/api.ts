import { postCommand, type Done } from '../../ui/command';
import type { Line } from '../api';
import { getJson, mapResult, type Result } from '../../ui/http';
import { toNotes, type Note } from './notes';
import { nextReadUrl, type Reading } from './readings';
import type { DictionaryEntry } from '@epos/schemas/dictionary/responses';
import type { ImageAnswer } from '@epos/schemas/poem/responses';

export type { DictionaryEntry };

/** An image of a sentence: painting, sketch or the artist's image. */
export type ImageView = ImageAnswer;
/** A sentence with what the study tools use: media, notes, translations. */
export type StudyLine = Line;

const dictionary = new Map<string, Result<DictionaryEntry>>();

/** GET /api/dict/{word}; answers (404s too) are kept for this visit. */
export async function fetchMeaning(word: string, signal?: AbortSignal): Promise<Result<DictionaryEntry>> {
  const key = word.toLowerCase();
  const known = dictionary.get(key);
  if (known !== undefined) return known;
  const result = await getJson<DictionaryEntry>(`/api/dict/${encodeURIComponent(word)}`, { signal });
  if (result.ok || result.status === 404) dictionary.set(key, result);
  return result;
}

export function fetchReading(ref: { book: number; canto: number; section: number }, layer: string, id: number, signal?: AbortSignal): Promise<Result<Reading>> {
  return getJson<Reading>(nextReadUrl(ref, layer, id), { signal });
}

export async function fetchNotes(n: number, signal?: AbortSignal): Promise<Result<Note[]>> {
  return mapResult(await getJson<unknown>(`/postdata/getmynotes/${n}`, { signal }), toNotes);
}

/** Saves a new note on sentence n, or with `noteId` changes that note; answers the note's id when saved. */
export async function saveNote(n: number, content: string, noteId?: string): Promise<Result<Done & { readonly noteId?: string }>> {
  const saved = await postCommand('/postdata/myNotes', { ...(noteId ? { NoteId: noteId } : {}), Content: content, Sentencenumber: n, Rtype: 'note' });
  return mapResult(saved, (done) => {
    const id = typeof done.body === 'object' && done.body !== null ? (done.body as { NoteId?: unknown }).NoteId : undefined;
    return typeof id === 'string' ? { ...done, noteId: id } : done;
  });
}

export function deleteNote(noteId: string): Promise<Result<Done>> {
  return postCommand('/postdata/deleteNote', { NoteId: noteId });
}

/** The sentence's pictures in the spec's order: paintings, sketches, the artist's images. */
export function picturesOf(line: StudyLine): { readonly kind: string; readonly image: ImageView }[] {
  const list = (kind: string, images: readonly ImageView[] | null | undefined) => (images ?? []).filter((i) => i.ImageUrl).map((image) => ({ kind, image }));
  return [...list('Painting', line.mos?.PoemPaintings), ...list('Sketch', line.mos?.PoemSketches), ...list("Artist's image", line.PoemImagesArtist)];
}
