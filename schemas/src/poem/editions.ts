/** The editions and translation languages: plain values (no zod), so the reader app may import them. */
export const editions = ['first', 'centenary', 'revised'] as const;
export type Edition = (typeof editions)[number];

/** Sanskrit, Hindi, French, German, Oriya, Chinese (machine translated). */
export const languages = ['sa', 'hi', 'fr', 'de', 'or', 'zh'] as const;
export type Language = (typeof languages)[number];

/** The edition each translation was made from; choosing a translation forces it (spec section 4). */
export const translationEdition: Readonly<Record<Language, Edition>> = {
  sa: 'first',
  hi: 'centenary',
  fr: 'centenary',
  de: 'revised',
  or: 'revised',
  zh: 'first',
};
