import { useAtomValue } from 'jotai';
import { useEffect, useReducer } from 'react';
import { Link } from 'wouter';
import { NOT_FOUND } from '../../ui/messages';
import { sentencePath } from '../../ui/poem-address';
import { fetchReading, type StudyLine } from './api';
import { Busy, Failure, Modal } from '../../ui/modal';
import { canGo, initialReading, readingReducer } from './readings';
import { studyContextAtom } from './state';
import type { ModalProps } from './state';
import { Paragraphs } from './paragraphs';

export function ReadingsModal({ line, layer, onClose, returnTo }: ModalProps & { line: StudyLine; layer: string }) {
  const context = useAtomValue(studyContextAtom);
  const [state, dispatch] = useReducer(readingReducer, line.lineNumber, initialReading);
  const ref = context?.ref ?? null;

  useEffect(() => {
    if (ref === null) return;
    const controller = new AbortController();
    const id = state.id;
    fetchReading(ref, layer, id, controller.signal).then(
      (result) => dispatch(result.ok ? { type: 'loaded', id, reading: result.data } : { type: 'failed', id, message: result.message }),
      () => undefined,
    );
    return () => controller.abort();
  }, [state.id, layer, ref?.book, ref?.canto, ref?.section]);

  const shown = state.shown;
  const info = context?.layers.find((l) => l.key === layer);
  const title = shown ? `${shown.Label} · ${shown.Author}` : info ? `${info.label} · ${info.author}` : 'Readings';
  const nav = (to: 'prev' | 'next', label: string) => (
    <button
      type="button"
      className="button"
      aria-disabled={!canGo(state, to) || undefined}
      onClick={() => {
        if (canGo(state, to)) dispatch({ type: 'go', to });
      }}
    >
      {label}
    </button>
  );

  return (
    <Modal
      title={title}
      onClose={onClose}
      returnTo={returnTo}
      footer={
        <>
          {nav('prev', '← Previous')}
          {nav('next', 'Next →')}
        </>
      }
    >
      {ref === null ? (
        <Failure message={NOT_FOUND} />
      ) : (
        <div aria-busy={state.status === 'loading'}>
          {state.status === 'failed' && <Failure message={state.message} />}
          {state.status === 'loading' && <Busy />}
          {shown !== null && (
            <>
              <p className="extra-label">
                <Link href={sentencePath(shown.Current)}>Sentence {shown.Current}</Link>
              </p>
              <Paragraphs text={shown.Content} />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
