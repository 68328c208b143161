import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { can, useMe } from '../../ui/session';
import { useSiteInfo, shownLayersAtom } from '../atoms';
import { useToast } from '../../ui/toast';
import { picturesOf, type StudyLine } from './api';
import { readingLayer } from './readings';
import { layersWithCommentary } from './commentary-section';
import { lookupForm as lookupFormOf } from './words';
import { speak, stopSpeech } from './speech-player';
import { SentenceExtras } from '../../ui/sentence-extras';
import { CiteActions } from '../cite/cite-actions';
import { parseSectionPath } from '../../ui/poem-address';
import { useLocation } from 'wouter';
import { preloadModals, speakingAtom, studyAtom, studyContextAtom, type StudyRequest } from './state';
import { highlightSentence, sectionHighlightsAtom } from '../highlights/state';
import './study.css';

/**
 * The small button beside a sentence's number that shows or hides its study tools.
 * One button per sentence keeps long verse quiet; the tools render only when open.
 */
export function StudyToggle({ n, open, controls, onToggle }: { n: number; open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="study-toggle"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Study tools for sentence ${n}`}
      title="Study tools"
      onPointerEnter={preloadModals}
      onFocus={preloadModals}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '×' : '⋯'}</span>
    </button>
  );
}

/** Opens the Connections panel of a sentence: in its study tools and on its own page. */
export function ConnectionsButton({ line }: { line: StudyLine }) {
  const setStudy = useSetAtom(studyAtom);
  return (
    <button
      type="button"
      className="button study-button"
      aria-haspopup="dialog"
      onPointerEnter={preloadModals}
      onClick={(event) => setStudy({ request: { kind: 'connections', line }, returnTo: event.currentTarget })}
    >
      Connections
    </button>
  );
}

/** A sentence's pictures and its diagram, each opening its modal (the study tools and the Connections panel). */
export function PictureButtons({ line, open }: { line: StudyLine; open: (request: StudyRequest) => (event: MouseEvent<HTMLElement>) => void }) {
  const n = line.lineNumber;
  const pictures = picturesOf(line);
  return (
    <>
      {pictures.length > 0 && (
        <button type="button" className="button study-button" onClick={open({ kind: 'pictures', line })}>
          Pictures ({pictures.length})
        </button>
      )}
      {has(line.sentenceD) && (
        <button
          type="button"
          className="button study-button"
          onClick={open({ kind: 'image', title: `Diagram of sentence ${n}`, src: line.sentenceD, alt: `Sentence diagram of sentence ${n}` })}
        >
          Diagram
        </button>
      )}
    </>
  );
}

function has(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

/** The study tools of one sentence: speech, audio, pictures, diagram, readings, notes, look up a word. */
export function StudyPanel({ line, id }: { line: StudyLine; id: string }) {
  const n = line.lineNumber;
  const setStudy = useSetAtom(studyAtom);
  const context = useAtomValue(studyContextAtom);
  const shownKeys = useAtomValue(shownLayersAtom);
  const [speaking, setSpeaking] = useAtom(speakingAtom);
  const [audioOpen, setAudioOpen] = useState(false);
  const [word, setWord] = useState('');
  const [wordError, setWordError] = useState<string | null>(null);
  const me = useMe();
  const site = useSiteInfo();
  const toast = useToast();
  const wordId = useId();
  const audioId = useId();
  const [location] = useLocation();
  const edition = parseSectionPath(location)?.edition ?? 'first';
  const highlights = (useAtomValue(sectionHighlightsAtom)?.list ?? []).filter((h) => highlightSentence(h) === n).length;

  const open = (request: StudyRequest) => (event: MouseEvent<HTMLElement>) => setStudy({ request, returnTo: event.currentTarget });
  const layer = context === null ? null : readingLayer(shownKeys, context.layers, line.commentary);
  const isSpeaking = speaking === n;
  const commentaryLayers = layersWithCommentary(
    line.commentary,
    context?.layers.map((l) => l.key),
  );

  const onSpeech = () => {
    if (isSpeaking) {
      stopSpeech();
      setSpeaking(null);
      return;
    }
    setSpeaking(n);
    void speak(line.lines, (error) => {
      setSpeaking((current) => (current === n ? null : current));
      if (error !== undefined) toast(error, 'error', 6000);
    });
  };

  const onLookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = lookupFormOf(word);
    if (form === null) {
      setWordError('Type one word');
      return;
    }
    setWordError(null);
    setStudy({ request: { kind: 'dictionary', word: form }, returnTo: event.currentTarget.querySelector('input') });
  };

  return (
    <div id={id} className="study-panel" role="group" aria-label={`Study sentence ${n}`}>
      <div className="study-actions">
        <ConnectionsButton line={line} />
        <button type="button" className="button study-button" aria-pressed={isSpeaking} onClick={onSpeech}>
          {isSpeaking ? 'Stop' : 'Listen'}
        </button>
        {has(line.audiourl) && (
          <button type="button" className="button study-button" aria-expanded={audioOpen} aria-controls={audioId} onClick={() => setAudioOpen((v) => !v)}>
            Audio
          </button>
        )}
        <PictureButtons line={line} open={open} />
        {layer !== null && (
          <button type="button" className="button study-button" onClick={open({ kind: 'readings', line, layer })}>
            Readings
          </button>
        )}
        {has(line.motherNote) && (
          <button
            type="button"
            className="button study-button"
            onClick={open({ kind: 'text', title: site?.labels.motherNote ?? 'Note', text: line.motherNote })}
          >
            {site?.labels.motherNote ?? 'Note'}
          </button>
        )}
        {has(line.aurobindoNote) && (
          <button
            type="button"
            className="button study-button"
            onClick={open({ kind: 'text', title: site?.labels.aurobindoNote ?? "The author's note", text: line.aurobindoNote })}
          >
            {site?.labels.aurobindoNote ?? "The author's note"}
          </button>
        )}
        {commentaryLayers.length > 0 && (
          <button type="button" className="button study-button" onClick={open({ kind: 'commentary', n, layers: commentaryLayers })}>
            Works ({commentaryLayers.length})
          </button>
        )}
        <SentenceExtras n={n} />
        {line.sentenceId !== undefined && <CiteActions n={n} id={line.sentenceId} edition={edition} title={`Sentence ${n} — ${site?.poemTitle ?? ''}`} />}
        {me?.loggedIn === true && (
          <button type="button" className="button study-button" onClick={open({ kind: 'highlight', line })}>
            {highlights > 0 ? `Highlights (${highlights})` : 'Highlight'}
          </button>
        )}
        {me?.loggedIn === true && (
          <button type="button" className="button study-button" onClick={open({ kind: 'bookmark', n })}>
            Bookmark
          </button>
        )}
        {me?.loggedIn === true && (
          <button type="button" className="button study-button" onClick={open({ kind: 'notes', line })}>
            My notes
          </button>
        )}
        {me?.loggedIn === true && (
          <button type="button" className="button study-button" onClick={open({ kind: 'correction', n })}>
            {can(me, 'poem.edit') ? 'Edit text' : 'Suggest a correction'}
          </button>
        )}
      </div>
      <form className="study-lookup" onSubmit={onLookUp} noValidate>
        <label htmlFor={wordId}>Look up a word</label>
        <input
          id={wordId}
          className="input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={word}
          aria-invalid={wordError !== null || undefined}
          aria-describedby={wordError !== null ? `${wordId}-error` : undefined}
          onChange={(e) => setWord(e.currentTarget.value)}
        />
        <button type="submit" className="button study-button">
          Look up
        </button>
        {wordError !== null && (
          <span id={`${wordId}-error`} className="study-error" role="alert">
            {wordError}
          </span>
        )}
      </form>
      {audioOpen && has(line.audiourl) && (
        <audio id={audioId} className="study-audio" controls preload="none" src={line.audiourl} aria-label={`Recording of sentence ${n}`} />
      )}
    </div>
  );
}
