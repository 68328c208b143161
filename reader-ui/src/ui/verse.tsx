import { scriptLang } from '@epos/schemas/poem/script-lang';

/**
 * Verse lines, each a block (base.css) with a hanging indent so a wrapped line stays
 * recognisable: in the reader, on sentence pages, in look-ups and in the translation editor.
 * Without `lang`, the lines' own script sets it (Devanagari, Odia, Chinese: schemas/src/poem/script-lang.ts).
 * `lookup`: a click or selection on a word opens the dictionary (study/StudyHost).
 * `fragment`: names each line's text for the reader's highlights (poem/highlights/fragments.ts).
 */
export function Verse({ lines, lang, lookup, fragment }: { lines: readonly string[]; lang?: string; lookup?: boolean; fragment?: (line: number) => string }) {
  return (
    <p className="verse" lang={lang ?? scriptLang(lines.join('\n'))} data-lookup={lookup ? '' : undefined}>
      {lines.map((text, i) => (
        <span key={i} className="verse-line">
          {fragment ? <span data-fragment={fragment(i)}>{text}</span> : text}
        </span>
      ))}
    </p>
  );
}
