import { Link } from 'wouter';
import type { Line } from './api';
import { langLabels, sentenceAnchor, sentencePath, splitLines, type Lang } from './reading';
import { worksText, type WorksEntry } from './works';

/** Verse lines, each a block with a hanging indent so a wrapped line stays recognisable. */
export function Verse({ lines, lang }: { lines: readonly string[]; lang?: string }) {
  return (
    <p className="verse" lang={lang}>
      {lines.map((text, i) => (
        <span key={i} className="verse-line">
          {text}
        </span>
      ))}
    </p>
  );
}

export function verseOf(line: Line): string[] {
  return line.verseLines && line.verseLines.length > 0 ? line.verseLines.map((v) => v.text) : splitLines(line.lines);
}

export interface ShownTranslation {
  readonly lang: Lang;
  readonly text: string;
}

/** One sentence of a section: its number (a link to its page), verse, translations and the chosen works. */
export function SentenceView({
  line,
  highlighted,
  translations,
  works,
}: {
  line: Line;
  highlighted: boolean;
  translations: readonly ShownTranslation[];
  works: readonly WorksEntry[];
}) {
  const n = line.lineNumber;
  return (
    <div id={sentenceAnchor(n)} className={highlighted ? 'sentence is-target' : 'sentence'} tabIndex={-1}>
      <Link href={sentencePath(n)} className="sentence-number" aria-label={`Sentence ${n}`}>
        {n}
      </Link>
      <div className="sentence-body">
        <Verse lines={verseOf(line)} />
        {translations.map((t) => (
          <div key={t.lang} className="translation">
            <span className="extra-label">{langLabels[t.lang]}</span>
            <Verse lines={splitLines(t.text)} lang={t.lang} />
          </div>
        ))}
        {works.map((option) => {
          const text = worksText(line, option.key);
          if (text === null) return null;
          return (
            <div key={option.key} className={option.key === 'ipa' ? 'works-text ipa' : 'works-text'}>
              <span className="extra-label">
                {option.label}
                {option.author !== undefined && ` · ${option.author}`}
              </span>
              {option.key === 'ipa' ? <Verse lines={splitLines(text)} /> : <p>{text}</p>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
