import { scriptLang } from '@epos/schemas/poem/script-lang';

/** A name or title in its own script's language (schemas/src/poem/script-lang.ts): a span with `lang` for Devanagari, Odia or Chinese, else the bare text. */
export function InScript({ text }: { text: string }) {
  const lang = scriptLang(text);
  return lang === undefined ? text : <span lang={lang}>{text}</span>;
}
