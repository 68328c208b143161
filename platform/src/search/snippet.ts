import { escapeHtml } from '../markdown/escape-html.js';

/**
 * Private-use characters stand for the highlight tags while the engine builds a snippet, so that
 * everything else can be escaped afterwards: the snippet is HTML with `<mark>` as its only tag.
 * They are removed from indexed text, so no document can forge one.
 */
export const MARK_START = '\uE000';
export const MARK_STOP = '\uE001';

export function markedToHtml(marked: string): string {
  return escapeHtml(marked).replaceAll(MARK_START, '<mark>').replaceAll(MARK_STOP, '</mark>').replaceAll('</mark><mark>', '');
}
