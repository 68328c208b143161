import { useEffect, useState } from 'react';
import { editionNames, type Edition } from '@epos/schemas/poem/editions';
import { formatLongDate } from '@epos/schemas/dates/formats';
import type { Result } from '../../ui/http';
import { Busy, Failure, Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { fetchCitation, type Citation } from './api';
import { copyToClipboard } from './clipboard';
import './cite.css';

const STYLES = [
  { key: 'mla', label: 'MLA (9th edition)' },
  { key: 'chicago', label: 'Chicago (17th edition)' },
  { key: 'apa', label: 'APA (7th edition)' },
] as const;
const FILES = [
  { key: 'bibtex', label: 'BibTeX', extension: 'bib', type: 'application/x-bibtex' },
  { key: 'ris', label: 'RIS', extension: 'ris', type: 'application/x-research-info-systems' },
  { key: 'cslJson', label: 'CSL-JSON', extension: 'json', type: 'application/vnd.citationstyles.csl+json' },
] as const;

/** "Cite sentence n": the sentence in MLA, Chicago and APA, and as BibTeX, RIS and CSL-JSON to copy or download. */
export function CiteModal({
  n,
  id,
  edition,
  onClose,
  returnTo,
}: {
  n: number;
  id: number;
  edition: Edition;
  onClose: () => void;
  returnTo: HTMLElement | null;
}) {
  const [result, setResult] = useState<Result<Citation> | null>(null);
  const toast = useToast();

  useEffect(() => {
    let live = true;
    void fetchCitation(id, edition).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [id, edition]);

  const copy = async (what: string, text: string, html?: string) =>
    toast((await copyToClipboard(text, html)) ? `Copied the ${what} citation` : 'The browser did not allow copying', 'info');

  return (
    <Modal title={`Cite sentence ${n}`} onClose={onClose} returnTo={returnTo} wide>
      {result === null ? (
        <Busy />
      ) : !result.ok ? (
        <Failure message={result.message} />
      ) : (
        <div className="cite">
          <p className="muted">
            {editionNames[result.data.edition]} edition · read on {formatLongDate(result.data.accessed)} · <a href={result.data.url}>{result.data.url}</a>
          </p>
          {STYLES.map((style) => (
            <section key={style.key} className="cite-style" aria-label={style.label}>
              <h3>{style.label}</h3>
              <p className="cite-text">{result.data.styles[style.key].text}</p>
              <button
                type="button"
                className="button study-button"
                onClick={() => void copy(style.label.split(' ')[0]!, result.data.styles[style.key].text, result.data.styles[style.key].html)}
              >
                Copy
              </button>
            </section>
          ))}
          {FILES.map((file) => (
            <section key={file.key} className="cite-style" aria-label={file.label}>
              <h3>{file.label}</h3>
              <pre className="cite-file" tabIndex={0}>
                {result.data[file.key]}
              </pre>
              <button type="button" className="button study-button" onClick={() => void copy(file.label, result.data[file.key])}>
                Copy
              </button>{' '}
              <a
                className="button study-button"
                download={`sentence-${id}.${file.extension}`}
                href={`data:${file.type};charset=utf-8,${encodeURIComponent(result.data[file.key])}`}
              >
                Download
              </a>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
