/**
 * The language a text's script implies, for its `lang` attribute: it picks the shipped font
 * (reader-ui/src/app/fonts.css; the PDF editions set the same fonts), the CJK glyph forms and the voice of a screen reader. Only the scripts the
 * site ships fonts or stacks for are named; Latin and anything else inherit the page's language.
 * Devanagari is Sanskrit unless the caller knows better (docs/decisions/verse-script-language.md).
 */

export type ScriptLang = 'sa' | 'hi' | 'or' | 'zh';

const SCRIPTS = {
  sa: /\p{Script=Devanagari}/gu,
  or: /\p{Script=Oriya}/gu,
  zh: /\p{Script=Han}/gu,
} as const;
/** Letters and the vowel signs and viramas that go with them. */
const LETTERS = /[\p{L}\p{M}]/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * `lang` for `text` when more than half of its letters are Devanagari, Odia or Han (Japanese,
 * Han with kana, is not Chinese); undefined otherwise. Digits, punctuation and the dandas,
 * which several Indic scripts share, do not count. `devanagari`: the language of Devanagari text.
 */
export function scriptLang(text: string, devanagari: 'sa' | 'hi' = 'sa'): ScriptLang | undefined {
  const letters = count(text, LETTERS);
  if (letters === 0) return undefined;
  for (const [lang, pattern] of Object.entries(SCRIPTS) as [keyof typeof SCRIPTS, RegExp][]) {
    if (count(text, pattern) * 2 <= letters) continue;
    if (lang === 'zh' && KANA.test(text)) return undefined;
    return lang === 'sa' ? devanagari : lang;
  }
  return undefined;
}
