/**
 * The URLs the reader reads a section and its translations at: the reader's client asks for them,
 * and offline packs (./packs.ts) key their answers by them, so a downloaded answer is found under
 * the very URL the reader asks for. Zod-free: the reader app bundles it.
 */
export const sectionReadUrl = (book: number, canto: number, section: number, edition: string): string =>
  `/api/sbook/${book}/${canto}/${section}?edition=${edition}`;

export const translationReadUrl = (book: number, canto: number, section: number, lang: string): string =>
  `/api/translation/${book}/${canto}/${section}?lang=${lang}`;
