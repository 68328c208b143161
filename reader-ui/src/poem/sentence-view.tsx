import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { LinkedText } from './linked-text';
import { can, useMe } from '../accounts/session';
import { preloadModals, studyAtom } from '../study/state';
import { StudyPanel, StudyToggle } from '../study/study-toolbar';
import type { Line, SectionRef } from './api';
import { langLabels, sentenceAnchor, sentencePath, splitLines, type Lang } from './reading';
import { isLineField, worksSource, worksText, type WorksEntry } from './works';
import { SentenceCountData } from '../stats/sentence-count-data';
import { MemoriseVerse } from './memorise-verse';
import { RelatedVerse, RelatedWords, useWordColours } from './related-words';
import { lineOffsets } from './relations';
import { Verse } from './verse';
import type { VerseRow } from './verse-layout';

/** Verse lines laid out whole (verse-layout.ts): a part that begins another sentence carries its number. */
function VerseRows({ rows, colours, offsets }: { rows: readonly VerseRow[]; colours?: ReadonlyMap<number, string> | null; offsets?: readonly number[] }) {
  return (
    <p className="verse" data-lookup="">
      {rows.map((row, i) => (
        <span key={i} className={row.stanzaBreakBefore ? 'verse-line stanza-break' : 'verse-line'}>
          {row.segments.map((segment, k) =>
            segment.begins === null ? (
              <span key={k}>
                {k > 0 && ' '}
                {colours ? <RelatedWords text={segment.text} from={offsets?.[segment.fragment] ?? 0} colours={colours} /> : segment.text}
              </span>
            ) : (
              <span key={k} className="joined">
                {' '}
                <a href={`#${sentenceAnchor(segment.begins)}`} className="joined-number" aria-label={`Sentence ${segment.begins} begins here`}>
                  {segment.begins}
                </a>
                {segment.text}
              </span>
            ),
          )}
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

/** The pencil beside a shown translation (signed-in readers): opens the translation's editor, or for a reader the same form as a suggestion. */
function EditTranslation({ n, lang, section }: { n: number; lang: Lang; section: SectionRef | null }) {
  const setStudy = useSetAtom(studyAtom);
  // an editor's save changes the text; a reader's becomes a suggestion
  const editor = can(useMe(), 'poem.edit');
  return (
    <button
      type="button"
      className="edit-translation"
      aria-label={editor ? `Edit the ${langLabels[lang]} translation of sentence ${n}` : `Suggest a correction to the ${langLabels[lang]} translation of sentence ${n}`}
      title={editor ? 'Edit' : 'Suggest a correction'}
      onPointerEnter={preloadModals}
      onFocus={preloadModals}
      onClick={(event) => setStudy({ request: { kind: 'translation', n, lang, section }, returnTo: event.currentTarget })}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" focusable="false">
        <path d="M11.2 1.8a1.7 1.7 0 0 1 2.4 0l.6.6a1.7 1.7 0 0 1 0 2.4L5.4 13.6 1.5 14.5l.9-3.9z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/** One sentence of a section: its number (a link to its page), verse, translations and the chosen works. */
export function SentenceView({
  line,
  highlighted,
  translations,
  works,
  section = null,
  rows,
}: {
  line: Line;
  /** The verse as laid out in its section; without it, the sentence's own lines. */
  rows?: readonly VerseRow[];
  highlighted: boolean;
  translations: readonly ShownTranslation[];
  works: readonly WorksEntry[];
  section?: SectionRef | null;
}) {
  const n = line.lineNumber;
  const me = useMe();
  const [studyOpen, setStudyOpen] = useState(false);
  const studyId = useId();
  const showsSanskrit = translations.some((t) => t.lang === 'sa');
  const colours = useWordColours(n, showsSanskrit);
  const memorising = works.some((option) => option.key === 'memorise');
  return (
    <div id={sentenceAnchor(n)} className={highlighted ? 'sentence is-target' : 'sentence'} tabIndex={-1}>
      <div className="sentence-gutter">
        <Link href={sentencePath(n)} className="sentence-number" aria-label={`Sentence ${n}`}>
          {n}
        </Link>
        <StudyToggle n={n} open={studyOpen} controls={studyId} onToggle={() => setStudyOpen((v) => !v)} />
      </div>
      <div className="sentence-body">
        {memorising ? (
          <MemoriseVerse n={n} sentenceId={line.sentenceId ?? n} lines={verseOf(line)} />
        ) : rows === undefined ? (
          colours ? <RelatedVerse lines={verseOf(line)} colours={colours.english} lookup /> : <Verse lines={verseOf(line)} lookup />
        ) : (
          rows.length > 0 && <VerseRows rows={rows} colours={colours?.english} offsets={lineOffsets(verseOf(line))} />
        )}
        {studyOpen && <StudyPanel line={line} id={studyId} />}
        {translations.map((t) => (
          <div key={t.lang} className="translation">
            <span className="extra-label">
              {langLabels[t.lang]}
              {me?.loggedIn === true && <EditTranslation n={n} lang={t.lang} section={section} />}
            </span>
            {t.lang === 'sa' && colours ? <RelatedVerse lines={splitLines(t.text)} lang="sa" colours={colours.sanskrit} /> : <Verse lines={splitLines(t.text)} lang={t.lang} />}
            {t.lang === 'sa' && line.sanskrit_translation && (
              <div className="transliteration">
                <span className="extra-label">Transliteration</span>
                <Verse lines={splitLines(line.sanskrit_translation)} lang="sa-Latn" />
              </div>
            )}
          </div>
        ))}
        {works.map((option) => {
          if (option.key === 'memorise') return null; // in place of the verse
          if (option.key === 'counts') return <SentenceCountData key={option.key} sentence={n} label={option.label} />;
          const text = worksText(line, option.key);
          if (text === null) return null;
          return (
            <div key={option.key} className={isLineField(option.key) ? `works-text ${option.key}` : 'works-text'} data-works={option.key}>
              <span className="extra-label">
                {option.label}
                {option.author !== undefined && ` · ${option.author}`}
                {worksSource(line, option.key) === 'computed' && ' · computed'}
              </span>
              {isLineField(option.key) ? (
                <Verse lines={splitLines(text)} />
              ) : (
                <p>
                  <LinkedText text={text} />
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
