/** The editions and translation languages: plain values (no zod), so the reader app may import them. */
export const editions = ['first', 'centenary', 'revised'] as const;
export type Edition = (typeof editions)[number];

/** Sanskrit, Hindi, French, German, Odia, Chinese (machine translated). */
export const languages = ['sa', 'hi', 'fr', 'de', 'or', 'zh'] as const;
export type Language = (typeof languages)[number];

/** What readers call each edition and language. */
export const editionNames: Readonly<Record<Edition, string>> = { first: 'First', centenary: 'Centenary', revised: 'Revised' };
export const languageNames: Readonly<Record<Language, string>> = { sa: 'Sanskrit', hi: 'Hindi', fr: 'French', de: 'German', or: 'Odia', zh: 'Chinese' };

/** The edition each translation was made from; choosing a translation forces it (spec section 4). */
export const translationEdition: Readonly<Record<Language, Edition>> = {
  sa: 'first',
  hi: 'centenary',
  fr: 'centenary',
  de: 'revised',
  or: 'revised',
  zh: 'first',
};

/** The edition a sentence is shown in: the one asked for, else the translation's own (as the reader forces it), else the First. */
export const shownEdition = (edition: Edition | undefined | null, lang: Language | null | undefined): Edition =>
  edition ?? (lang ? translationEdition[lang] : 'first');

/** Where a sentence (the /api/lineinfo answer) keeps each translation. */
export const translationFields: Readonly<Record<Language, string>> = {
  sa: 'ssanskrit',
  hi: 'HindiLines',
  fr: 'FrenchCentenary',
  de: 'GermanRevised',
  or: 'OriyaRevised',
  zh: 'ChineseLines',
};
