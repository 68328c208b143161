import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { LinkedText } from './linked-text';
import { useMe } from '../accounts/session';
import { preloadModals, studyAtom } from '../study/state';
import { StudyPanel, StudyToggle } from '../study/study-toolbar';
import type { Line, SectionRef } from './api';
import { langLabels, sentenceAnchor, sentencePath, splitLines, type Lang } from './reading';
import { countSentence, countsText, memoriseLine, worksText, type WorksEntry } from './works';
import { Verse } from './verse';
import type { VerseRow } from './verse-layout';

/** Verse lines laid out whole (verse-layout.ts): a part that begins another sentence carries its number. */
function VerseRows({ rows }: { rows: readonly VerseRow[] }) {
  return (
    <p className="verse" data-lookup="">
      {rows.map((row, i) => (
        <span key={i} className={row.stanzaBreakBefore ? 'verse-line stanza-break' : 'verse-line'}>
          {row.segments.map((segment, k) =>
            segment.begins === null ? (
              <span key={k}>{k > 0 ? ` ${segment.text}` : segment.text}</span>
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

/**
 * The Memorise option: each verse line with all but the first letter of each word
 * hidden, and a "Reveal line" button per line that shows it (and hides it again).
 * The masked form is hidden from screen readers, which would read out underscores.
 */
function MemoriseVerse({ n, lines }: { n: number; lines: readonly string[] }) {
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (i: number) =>
    setShown((old) => {
      const next = new Set(old);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ol className="memorise">
      {lines.map((text, i) => {
        const open = shown.has(i);
        return (
          <li key={i} className="memorise-line">
            {open ? <span className="verse-line">{text}</span> : <span className="verse-line masked" aria-hidden="true">{memoriseLine(text)}</span>}
            <button
              type="button"
              className="memorise-button"
              aria-pressed={open}
              aria-label={`${open ? 'Hide' : 'Reveal'} line ${i + 1} of sentence ${n}`}
              onClick={() => toggle(i)}
            >
              {open ? 'Hide line' : 'Reveal line'}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The pencil beside a shown translation (logged-in readers): opens the translation's editor. */
function EditTranslation({ n, lang, section }: { n: number; lang: Lang; section: SectionRef | null }) {
  const setStudy = useSetAtom(studyAtom);
  return (
    <button
      type="button"
      className="edit-translation"
      aria-label={`Edit the ${langLabels[lang]} translation of sentence ${n}`}
      title="Edit"
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
  return (
    <div id={sentenceAnchor(n)} className={highlighted ? 'sentence is-target' : 'sentence'} tabIndex={-1}>
      <div className="sentence-gutter">
        <Link href={sentencePath(n)} className="sentence-number" aria-label={`Sentence ${n}`}>
          {n}
        </Link>
        <StudyToggle n={n} open={studyOpen} controls={studyId} onToggle={() => setStudyOpen((v) => !v)} />
      </div>
      <div className="sentence-body">
        {rows === undefined ? <Verse lines={verseOf(line)} lookup /> : rows.length > 0 && <VerseRows rows={rows} />}
        {studyOpen && <StudyPanel line={line} id={studyId} />}
        {translations.map((t) => (
          <div key={t.lang} className="translation">
            <span className="extra-label">
              {langLabels[t.lang]}
              {me?.loggedIn === true && <EditTranslation n={n} lang={t.lang} section={section} />}
            </span>
            <Verse lines={splitLines(t.text)} lang={t.lang} />
          </div>
        ))}
        {works.map((option) => {
          if (option.key === 'counts' || option.key === 'memorise') {
            const verse = verseOf(line);
            return (
              <div key={option.key} className="works-text">
                <span className="extra-label">{option.label}</span>
                {option.key === 'counts' ? <p className="counts">{countsText(countSentence(verse))}</p> : <MemoriseVerse n={n} lines={verse} />}
              </div>
            );
          }
          const text = worksText(line, option.key);
          if (text === null) return null;
          return (
            <div key={option.key} className={option.key === 'ipa' ? 'works-text ipa' : 'works-text'}>
              <span className="extra-label">
                {option.label}
                {option.author !== undefined && ` · ${option.author}`}
              </span>
              {option.key === 'ipa' ? (
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
