import type { SentenceTranslationAnswer } from '@epos/schemas/poem/responses';
import type { Lang } from '../reading';

/**
 * Pure logic of the pencil (edit) link on a translated line: one input per verse
 * line of the translation, the spec's check and the POST body. No DOM here.
 */

/** The spec's text when a line of a translation is left empty. */
export const EMPTY_LINE = 'TextBox cant be Empty';
/** The spec's text (and spelling) when saving a translation fails. */
export const SAVE_FAILED = 'An error Occured';
/** The server's success text, when its answer carries none. */
export const SAVED = 'Book Updated Successfully';

/** GET /api/translate/{n}?lang= */
export type TranslateView = SentenceTranslationAnswer;

export function translateUrl(n: number, lang: Lang): string {
  return `/api/translate/${n}?lang=${lang}`;
}

export function saveTranslationUrl(lang: Lang): string {
  return `/postdata/utranslations/${lang}`;
}

/** The translation as one entry per verse line (at least one, so there is always an input). */
export function linesForEdit(translated: string | null | undefined): string[] {
  const text = (translated ?? '').replace(/\r\n?/gu, '\n').replace(/\n+$/u, '');
  return text === '' ? [''] : text.split('\n');
}

/** 'TextBox cant be Empty' when any line is empty (or only spaces), else null. */
export function validateLines(lines: readonly string[]): string | null {
  return lines.length === 0 || lines.some((line) => line.trim() === '') ? EMPTY_LINE : null;
}

/** The POST body: the lines (a line may not hold a newline) joined by "\n". */
export function saveBody(n: number, lines: readonly string[]): { SentenceNumber: number; Translated: string } {
  return { SentenceNumber: n, Translated: lines.map((line) => line.replace(/[\r\n]+/gu, ' ').trim()).join('\n') };
}

/** What to tell the reader when a save failed: the spec's text for a refusal (401/403) or a lost request, else the server's. */
export function saveFailure(status: number, error: string): string {
  return status === 401 || status === 403 || status === 0 || status >= 500 ? SAVE_FAILED : error;
}

/** The aria-label of the pencil button. */
export function editLabel(langLabel: string, n: number): string {
  return `Edit the ${langLabel} translation of sentence ${n}`;
}
