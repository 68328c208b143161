import { useId, useState } from 'react';
import { Link } from 'wouter';
import { StudyPanel, StudyToggle } from '../study/study-toolbar';
import type { Line } from './api';
import { langLabels, sentenceAnchor, sentencePath, splitLines, type Lang } from './reading';
import { worksText, type WorksEntry } from './works';

/**
 * Verse lines, each a block with a hanging indent so a wrapped line stays recognisable.
 * `lookup`: a click or selection on a word opens the dictionary (study/StudyHost).
 */
export function Verse({ lines, lang, lookup }: { lines: readonly string[]; lang?: string; lookup?: boolean }) {
  return (
    <p className="verse" lang={lang} data-lookup={lookup ? '' : undefined}>
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
  const [studyOpen, setStudyOpen] = useState(false);
  const studyId = useId();
  return (
    <div id={sentenceAnchor(n)} className={highlighted ? 'sentence is-target' : 'sentence'} tabIndex={-1}>
      <div className="sentence-gutter">
        <Link href={sentencePath(n)} className="sentence-number" aria-label={`Sentence ${n}`}>
          {n}
        </Link>
        <StudyToggle n={n} open={studyOpen} controls={studyId} onToggle={() => setStudyOpen((v) => !v)} />
      </div>
      <div className="sentence-body">
        <Verse lines={verseOf(line)} lookup />
        {studyOpen && <StudyPanel line={line} id={studyId} />}
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
