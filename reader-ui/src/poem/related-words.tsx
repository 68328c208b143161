import { useEffect, useState } from 'react';
import { fetchColouredRelations } from './api';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { lineOffsets, wordColours, wordTokens, type WordColours } from './relations';

const loaded = new Map<number, WordColours>();
const loading = new Map<number, Promise<WordColours>>();
const NONE: WordColours = { sanskrit: new Map(), english: new Map() };

/** A sentence's word relations, each read once per visit; a failure shows no colours (they are a help, not the text). */
function loadColours(n: number): Promise<WordColours> {
  let promise = loading.get(n);
  if (promise === undefined) {
    promise = fetchColouredRelations(n).then((result) => {
      if (!result.ok) {
        loading.delete(n);
        return NONE;
      }
      const colours = wordColours(result.data);
      loaded.set(n, colours);
      return colours;
    });
    loading.set(n, promise);
  }
  return promise;
}

/** The word colours of sentence `n` while `on` (its Sanskrit translation is shown); null otherwise or until loaded. */
export function useWordColours(n: number, on: boolean): WordColours | null {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!on || loaded.has(n)) return;
    let live = true;
    void loadColours(n).then(() => {
      if (live) setLoaded((x) => x + 1);
    });
    return () => {
      live = false;
    };
  }, [n, on]);
  return on ? (loaded.get(n) ?? null) : null;
}

/** A line's words, each related one in its relation's colour and underline. */
export function RelatedWords({ text, from, colours }: { text: string; from: number; colours: ReadonlyMap<number, string> }) {
  return (
    <>
      {wordTokens(text, from).map((token, i) => {
        const className = token.word === null ? undefined : colours.get(token.word);
        return className === undefined ? (
          token.text
        ) : (
          <span key={i} className={className}>
            {token.text}
          </span>
        );
      })}
    </>
  );
}

/** Verse lines (like Verse) with related words coloured. */
export function RelatedVerse({
  lines,
  lang,
  colours,
  lookup,
}: {
  lines: readonly string[];
  lang?: string;
  colours: ReadonlyMap<number, string>;
  lookup?: boolean;
}) {
  const offsets = lineOffsets(lines);
  return (
    <p className="verse" lang={lang ?? scriptLang(lines.join('\n'))} data-lookup={lookup ? '' : undefined}>
      {lines.map((text, i) => (
        <span key={i} className="verse-line">
          <RelatedWords text={text} from={offsets[i] ?? 0} colours={colours} />
        </span>
      ))}
    </p>
  );
}
