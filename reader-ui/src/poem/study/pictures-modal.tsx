import { useState } from 'react';
import { GENERIC_ERROR } from '../../ui/messages';
import { picturesOf, type StudyLine } from './api';
import { Busy, Failure, Modal } from '../../ui/modal';
import type { ModalProps } from './state';

export function PicturesModal({ line, onClose, returnTo }: ModalProps & { line: StudyLine }) {
  const pictures = picturesOf(line);
  const [shown, setShown] = useState<{ index: number; from: HTMLElement } | null>(null);
  const n = line.lineNumber;
  const label = (i: number) => `${pictures[i]!.kind} ${i + 1} of ${pictures.length}, sentence ${n}`;
  const current = shown === null ? undefined : pictures[shown.index];
  return (
    <>
      <Modal title={`Pictures of sentence ${n}`} onClose={onClose} returnTo={returnTo} wide>
        <ul className="thumbs">
          {pictures.map((p, i) => (
            <li key={`${p.image.ImageUrl}-${i}`}>
              <button type="button" className="thumb" onClick={(e) => setShown({ index: i, from: e.currentTarget })}>
                <img src={p.image.ImageThumbUrl || p.image.ImageUrl} alt={label(i)} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      </Modal>
      {shown !== null && current !== undefined && (
        <Lightbox title={label(shown.index)} src={current.image.ImageUrl} alt={label(shown.index)} onClose={() => setShown(null)} returnTo={shown.from} />
      )}
    </>
  );
}

/** The full image in its own dialog; Escape closes it and focus goes back to the thumbnail. */
export function Lightbox({ title, src, alt, onClose, returnTo }: ModalProps & { title: string; src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  return (
    <Modal title={title} onClose={onClose} returnTo={returnTo} wide>
      {state === 'loading' && <Busy />}
      {state === 'failed' && <Failure message={GENERIC_ERROR} />}
      <img className="lightbox-image" src={src} alt={alt} hidden={state !== 'ready'} onLoad={() => setState('ready')} onError={() => setState('failed')} />
    </Modal>
  );
}
