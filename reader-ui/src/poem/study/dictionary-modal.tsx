import { NOT_FOUND } from '../../ui/messages';
import { useLoad } from '../../ui/use-load';
import { fetchMeaning, type DictionaryEntry } from './api';
import { Busy, Failure, Modal } from '../../ui/modal';
import type { ModalProps } from './state';

export function DictionaryModal({ word, onClose, returnTo }: ModalProps & { word: string }) {
  const result = useLoad<DictionaryEntry>(word, (signal) => fetchMeaning(word, signal));
  const entry = result?.ok ? result.data : null;
  return (
    <Modal title={`Dictionary: ${word}`} onClose={onClose} returnTo={returnTo}>
      {result === null ? (
        <Busy />
      ) : !result.ok ? (
        <Failure message={result.message} />
      ) : entry === null || entry.mean.length === 0 ? (
        <Failure message={NOT_FOUND} />
      ) : (
        <>
          {entry.lemma !== undefined && entry.lemma.toLowerCase() !== word.toLowerCase() && (
            <p className="muted">
              {word} → <strong>{entry.lemma}</strong>
            </p>
          )}
          <Meanings meanings={entry.mean} />
          {entry.meanChambers !== undefined && entry.meanChambers.length > 0 && (
            <>
              <h3 className="extra-label">Another dictionary</h3>
              <Meanings meanings={entry.meanChambers} />
            </>
          )}
          <p className="modal-source">WordNet 3.1, Princeton University</p>
        </>
      )}
    </Modal>
  );
}

function Meanings({ meanings }: { meanings: DictionaryEntry['mean'] }) {
  return (
    <ol className="meanings">
      {meanings.map((m, i) => (
        <li key={i}>
          <span className="pos">{m.pos}</span> {m.definition}
          {m.examples.length > 0 && (
            <ul className="examples">
              {m.examples.map((example, j) => (
                <li key={j}>
                  <q>{example}</q>
                </li>
              ))}
            </ul>
          )}
          {m.synonyms.length > 0 && <p className="synonyms">Synonyms: {m.synonyms.join(', ')}</p>}
        </li>
      ))}
    </ol>
  );
}
