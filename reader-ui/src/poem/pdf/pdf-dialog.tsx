import { useEffect, useId, useRef, useState } from 'react';
import type { PdfOptions, PdfStatusAnswer } from '@epos/schemas/pdf/index';
import { pdfMessages } from '@epos/schemas/pdf/messages';
import { languageNames } from '@epos/schemas/poem/editions';
import { GENERIC_ERROR } from '../../ui/messages';
import { useMe } from '../../ui/session';
import { useSiteInfo } from '../atoms';
import { Failure, Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { ownEmail, PDF_PART, PDF_POLL_MS, PDF_TOAST_MS, pdfStatus, requestPdf, type PdfPartType } from './api';
import './pdf.css';

const LANGUAGES = (['sa', 'hi', 'fr', 'de', 'or', 'zh'] as const).map((code) => [code, languageNames[code]] as const);

/** What the download is saved as: the poem's title and the part, instead of the file's hash. */
function pdfFileName(poemTitle: string, book: number, canto: number | null): string {
  const name = `${poemTitle} - Book ${book}${canto === null ? '' : ` - Canto ${canto}`}`;
  return `${name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()}.pdf`;
}

type Flag = 'motherNote' | 'aurobindoNote' | 'reason' | 'paintings' | 'scansion';

const NO_OPTIONS: PdfOptions = { translations: [], motherNote: false, aurobindoNote: false, reason: false, commentary: [], paintings: false, scansion: false };

export interface PdfDialogProps {
  book: { number: number; name: string };
  canto: { number: number; name: string };
  layers: readonly { key: string; label: string; author: string }[];
  onClose: () => void;
  returnTo?: HTMLElement | null;
}

/** The PDF preferences: book or canto, the layers to print, and (signed in) the address to mail the link to. */
export default function PdfDialog({ book, canto, layers, onClose, returnTo }: PdfDialogProps) {
  const site = useSiteInfo();
  const me = useMe();
  const toast = useToast();
  const [typeOf, setTypeOf] = useState<PdfPartType | null>(null);
  const [options, setOptions] = useState<PdfOptions>(NO_OPTIONS);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<PdfStatusAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const progressRef = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), PDF_TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const requested = useRef<{ book: number; canto: number | null }>({ book: book.number, canto: null });

  useEffect(() => {
    if (!me?.loggedIn) return;
    const controller = new AbortController();
    void ownEmail(controller.signal)
      .then((address) => setEmail((typed) => typed || (address ?? '')))
      .catch(() => undefined);
    return () => controller.abort();
  }, [me?.loggedIn]);

  // Follows the job about once a second until the PDF is printed or has failed.
  const requestId = status?.requestId;
  const settled = status?.state === 'done' || status?.state === 'failed';
  const statusRef = useRef(status);
  statusRef.current = status;
  useEffect(() => {
    if (!requestId || settled) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      void pdfStatus(requestId, controller.signal)
        .then((answer) => {
          if (answer.ok) setStatus(answer.data);
          else if (answer.status !== 0) setProblem(GENERIC_ERROR);
        })
        .catch(() => undefined);
    }, PDF_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [requestId, settled]);

  const running = sending || (status !== null && !settled);
  const flag = (name: Flag) => ({ checked: options[name], onChange: () => setOptions((o) => ({ ...o, [name]: !o[name] })) });
  const listed = (list: 'translations' | 'commentary', value: string) => ({
    checked: (options[list] as readonly string[]).includes(value),
    onChange: () =>
      setOptions((o) => {
        const current = o[list] as readonly string[];
        return { ...o, [list]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] };
      }),
  });

  const choosePart = (part: PdfPartType) => {
    setTypeOf(part);
    if (problem === pdfMessages.pleaseSelect) setProblem(null);
  };

  const generate = async () => {
    setProblem(null);
    if (typeOf === null) {
      setProblem(pdfMessages.pleaseSelect);
      return;
    }
    setSending(true);
    setStatus(null);
    requested.current = { book: book.number, canto: typeOf === PDF_PART.canto ? canto.number : null };
    const answer = await requestPdf({
      typeOf,
      bookNumber: book.number,
      cantoNumber: typeOf === PDF_PART.canto ? canto.number : null,
      pdfData: options,
      userEmail: me?.loggedIn ? email.trim() : '',
    });
    setSending(false);
    if (!answer.ok) {
      setProblem(answer.status === 400 || answer.status === 429 || answer.status === 503 ? (answer.problem.message ?? GENERIC_ERROR) : GENERIC_ERROR);
      return;
    }
    toast(answer.data.message, 'info', PDF_TOAST_MS);
    // A modal dialog sits above every toast, so the answer is said in the dialog too, as long.
    setNotice(answer.data.message);
    setStatus(answer.data);
  };

  // On a small screen the progress and the link sit below the options: bring them into view.
  const shown = status !== null;
  useEffect(() => {
    if (shown) progressRef.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, status?.state]);

  const percent = status?.state === 'done' ? 100 : (status?.progress?.percent ?? 0);
  const footer = (
    <>
      <button type="button" className="button button-primary" onClick={() => void generate()} disabled={running} aria-busy={running}>
        {running && <span className="spinner" aria-hidden="true" />}
        Generate PDF
      </button>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </>
  );

  return (
    <Modal title="PDF preferences" onClose={onClose} footer={footer} returnTo={returnTo ?? null}>
      <form className="pdf-form" onSubmit={(event) => event.preventDefault()}>
        <fieldset>
          <legend>Make a PDF of</legend>
          <label>
            <input type="radio" name={`${ids}-part`} checked={typeOf === PDF_PART.book} onChange={() => choosePart(PDF_PART.book)} /> Book {book.number}
            {book.name ? `: ${book.name}` : ''}
          </label>
          <label>
            <input type="radio" name={`${ids}-part`} checked={typeOf === PDF_PART.canto} onChange={() => choosePart(PDF_PART.canto)} /> Canto {canto.number}
            {canto.name ? `: ${canto.name}` : ''}
          </label>
        </fieldset>
        <fieldset>
          <legend>Translations</legend>
          {LANGUAGES.map(([code, name]) => (
            <label key={code}>
              <input type="checkbox" {...listed('translations', code)} /> {name}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Notes</legend>
          <label>
            <input type="checkbox" {...flag('motherNote')} /> {site?.labels.motherNote ?? "The Mother's note"}
          </label>
          <label>
            <input type="checkbox" {...flag('aurobindoNote')} /> {site?.labels.aurobindoNote ?? "The author's note"}
          </label>
          <label>
            <input type="checkbox" {...flag('reason')} /> Reason
          </label>
        </fieldset>
        {layers.length > 0 && (
          <fieldset>
            <legend>{site?.labels.worksOn ?? 'Works on the poem'}</legend>
            {layers.map((layer) => (
              <label key={layer.key}>
                <input type="checkbox" {...listed('commentary', layer.key)} /> {layer.label} ({layer.author})
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend>Also</legend>
          <label>
            <input type="checkbox" {...flag('paintings')} /> Paintings and sketches
          </label>
          <label>
            <input type="checkbox" {...flag('scansion')} /> Scansion
          </label>
        </fieldset>
        {me?.loggedIn ? (
          <label className="pdf-email">
            Mail the link to
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" />
          </label>
        ) : (
          <p className="pdf-hint">Sign in to have the link mailed to you as well.</p>
        )}
      </form>
      {status !== null && status.state !== 'failed' && (
        <div className="pdf-progress" ref={progressRef}>
          {notice !== null && <p className="pdf-notice">{notice}</p>}
          <label htmlFor={`${ids}-progress`} role="status">
            {status.state === 'done' ? 'Ready' : `Working: ${status.progress?.stage ?? 'waiting for a printer'}`}
          </label>
          <progress id={`${ids}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          {status.state === 'done' && status.url && (
            <p>
              <a
                className="button button-primary pdf-download"
                href={status.url}
                download={pdfFileName(site?.poemTitle ?? 'Poem', requested.current.book, requested.current.canto)}
              >
                Download the PDF
              </a>{' '}
              {status.pages !== null && <span className="pdf-size">{status.pages} pages</span>}
            </p>
          )}
        </div>
      )}
      {(problem !== null || status?.state === 'failed') && <Failure message={problem ?? GENERIC_ERROR} />}
    </Modal>
  );
}
