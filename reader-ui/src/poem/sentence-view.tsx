import { useSetAtom } from 'jotai';
import { Fragment, lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { LinkedText } from '../ui/linked-text';
import { can, useMe } from '../ui/session';
import { preloadModals, studyAtom } from './study/state';
import { StudyPanel, StudyToggle } from './study/study-toolbar';
import type { Line, SectionRef } from './api';
import { langLabels, splitLines, type Lang } from './reading';
import { sentenceAnchor, sentencePath } from '../ui/poem-address';
import { isLineField, studyLayerSource, studyLayerText, type StudyLayer } from './study-layers';
import { RelatedVerse, RelatedWords, useWordColours } from './related-words';
import { lineOffsets } from './relations';
import { Verse } from '../ui/verse';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import type { VerseRow } from '@epos/schemas/poem/verse-layout';
import { fragmentKey } from './highlights/fragments';

/** Layers a reader seldom chooses (memorising, the counts): their code comes when they are chosen. */
const MemoriseVerse = lazy(() => import('./memorise-verse').then((m) => ({ default: m.MemoriseVerse })));
const SentenceCountData = lazy(() => import('./stats/sentence-count-data').then((m) => ({ default: m.SentenceCountData })));

/**
 * Whether a sentence's study tools are open, and the way to open or close them. The section keeps
 * this rather than each sentence, because a sentence that begins inside another's verse line and
 * ends there has its toggle in that line (docs/decisions/verse-rows.md).
 */
export interface StudyTools {
  isOpen(n: number): boolean;
  toggle(n: number): void;
}

function studyPanelId(n: number): string {
  return `study-${n}`;
}

/**
 * Verse lines laid out whole (schemas/src/poem/verse-layout.ts), one row each: a part that begins another sentence
 * starts with that sentence's number, a link to it, and, when the part is all of that sentence's
 * verse, its study-tools toggle and its anchor (`#s{n}` lands there and highlights it).
 */
function VerseRows({
  n: own,
  rows,
  colours,
  offsets,
  study,
  target,
}: {
  /** The sentence whose block these rows are. */
  n: number;
  rows: readonly VerseRow[];
  colours?: ReadonlyMap<number, string> | null;
  offsets?: readonly number[];
  study: StudyTools;
  target: number | null;
}) {
  const lang = scriptLang(rows.map((row) => row.segments.map((segment) => segment.text).join(' ')).join('\n'));
  return (
    <p className="verse" lang={lang} data-lookup="">
      {rows.map((row, i) => (
        <span key={i} className={row.stanzaBreakBefore ? 'verse-line stanza-break' : 'verse-line'}>
          {row.segments.map((segment, k) => {
            const n = segment.begins;
            if (n === null) {
              return (
                <Fragment key={k}>
                  {k > 0 && ' '}
                  <span data-fragment={fragmentKey(own, segment.fragment)}>
                    {colours ? <RelatedWords text={segment.text} from={offsets?.[segment.fragment] ?? 0} colours={colours} /> : segment.text}
                  </span>
                </Fragment>
              );
            }
            return (
              <Fragment key={k}>
                {' '}
                <span
                  id={segment.whole ? sentenceAnchor(n) : undefined}
                  tabIndex={segment.whole ? -1 : undefined}
                  className={target === n ? 'joined is-target' : 'joined'}
                  data-begins={n}
                >
                  <Link href={sentencePath(n)} className="joined-number" aria-label={`Sentence ${n}`}>
                    {n}
                  </Link>
                  {segment.whole && <StudyToggle n={n} open={study.isOpen(n)} controls={studyPanelId(n)} onToggle={() => study.toggle(n)} />}
                  <span data-fragment={fragmentKey(n, segment.fragment)}>{segment.text}</span>
                </span>
              </Fragment>
            );
          })}
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
      aria-label={
        editor ? `Edit the ${langLabels[lang]} translation of sentence ${n}` : `Suggest a correction to the ${langLabels[lang]} translation of sentence ${n}`
      }
      title={editor ? 'Edit' : 'Suggest a correction'}
      onPointerEnter={preloadModals}
      onFocus={preloadModals}
      onClick={(event) => setStudy({ request: { kind: 'translation', n, lang, section }, returnTo: event.currentTarget })}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" focusable="false">
        <path
          d="M11.2 1.8a1.7 1.7 0 0 1 2.4 0l.6.6a1.7 1.7 0 0 1 0 2.4L5.4 13.6 1.5 14.5l.9-3.9z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/**
 * One sentence of a section: its number (a link to its page) and study-tools toggle on the row of
 * its first verse line, its verse, translations and the chosen study layers. A sentence whose verse lies
 * wholly inside the verse line of the one before shows there (VerseRows) and adds no row; its block
 * holds only what it shows beyond the verse, numbered.
 */
export function SentenceView({
  line,
  highlighted,
  translations,
  layers,
  section = null,
  rows,
  study,
  target = null,
}: {
  line: Line;
  /** The verse as laid out in its section; without it, the sentence's own lines. */
  rows?: readonly VerseRow[];
  highlighted: boolean;
  translations: readonly ShownTranslation[];
  layers: readonly StudyLayer[];
  section?: SectionRef | null;
  study: StudyTools;
  /** The sentence the address points at, highlighted where it begins inside this one's lines. */
  target?: number | null;
}) {
  const n = line.lineNumber;
  const me = useMe();
  const studyOpen = study.isOpen(n);
  const showsSanskrit = translations.some((t) => t.lang === 'sa');
  const colours = useWordColours(n, showsSanskrit);
  const memorising = layers.some((option) => option.key === 'memorise');
  const verse = verseOf(line);
  // its verse is a part of the previous sentence's last line, where its number and toggle are
  const inLineAbove = !memorising && rows !== undefined && rows.length === 0 && verse.length > 0;
  const shownLayers = layers.flatMap((option) => {
    if (option.key === 'memorise') return []; // in place of the verse
    if (option.key === 'counts')
      return [
        <Suspense key={option.key} fallback={null}>
          <SentenceCountData sentence={n} label={option.label} />
        </Suspense>,
      ];
    const text = studyLayerText(line, option.key);
    if (text === null) return [];
    return [
      <div key={option.key} className={isLineField(option.key) ? `works-text ${option.key}` : 'works-text'} data-works={option.key}>
        <span className="extra-label">
          {option.label}
          {option.author !== undefined && ` · ${option.author}`}
          {studyLayerSource(line, option.key) === 'computed' && ' · computed'}
        </span>
        {isLineField(option.key) ? (
          <Verse lines={splitLines(text)} />
        ) : (
          <p>
            <LinkedText text={text} />
          </p>
        )}
      </div>,
    ];
  });
  const beyondVerse = studyOpen || translations.length > 0 || shownLayers.length > 0;
  if (inLineAbove && !beyondVerse) return null;

  const classes = ['sentence', inLineAbove && 'is-in-line-above', highlighted && 'is-target'].filter(Boolean).join(' ');
  return (
    <div id={inLineAbove ? undefined : sentenceAnchor(n)} className={classes} tabIndex={inLineAbove ? undefined : -1}>
      <div className="sentence-gutter">
        {!inLineAbove && <StudyToggle n={n} open={studyOpen} controls={studyPanelId(n)} onToggle={() => study.toggle(n)} />}
        <Link href={sentencePath(n)} className="sentence-number" aria-label={`Sentence ${n}`}>
          {n}
        </Link>
      </div>
      <div className="sentence-body">
        {/* The verse and its translations: stacked, or side by side as columns on a wide screen (poem.css). */}
        <div className={translations.length > 0 ? 'sentence-parallel' : undefined}>
          <div className="sentence-verse">
            {memorising ? (
              <Suspense fallback={<Verse lines={verse} />}>
                <MemoriseVerse n={n} sentenceId={line.sentenceId ?? n} lines={verse} />
              </Suspense>
            ) : rows === undefined ? (
              colours ? (
                <RelatedVerse lines={verse} colours={colours.english} lookup />
              ) : (
                <Verse lines={verse} lookup />
              )
            ) : (
              rows.length > 0 && <VerseRows n={n} rows={rows} colours={colours?.english} offsets={lineOffsets(verse)} study={study} target={target} />
            )}
          </div>
          {translations.map((t) => (
            <div key={t.lang} className="translation" data-translation-of={n}>
              <span className="extra-label">
                {langLabels[t.lang]}
                {me?.loggedIn === true && <EditTranslation n={n} lang={t.lang} section={section} />}
              </span>
              {t.lang === 'sa' && colours ? (
                <RelatedVerse lines={splitLines(t.text)} lang="sa" colours={colours.sanskrit} />
              ) : (
                <Verse lines={splitLines(t.text)} lang={t.lang} />
              )}
              {t.lang === 'sa' && line.sanskrit_translation && (
                <div className="transliteration">
                  <span className="extra-label">Transliteration</span>
                  <Verse lines={splitLines(line.sanskrit_translation)} lang="sa-Latn" />
                </div>
              )}
            </div>
          ))}
        </div>
        {studyOpen && <StudyPanel line={line} id={studyPanelId(n)} />}
        {shownLayers}
      </div>
    </div>
  );
}
