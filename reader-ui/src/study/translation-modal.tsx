import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { postCommand } from '../accounts/api';
import { GENERIC_ERROR, NOT_FOUND } from '../app/messages';
import { refreshTranslation, type SectionRef } from '../poem/api';
import { translationsVersionAtom } from '../poem/atoms';
import { langLabels, splitLines, type Lang } from '../poem/reading';
import { Verse } from '../poem/verse';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { Busy, Failure, Modal } from './modal';
import { linesForEdit, SAVED, saveBody, saveFailure, saveTranslationUrl, translateUrl, validateLines, type TranslateView } from './translation-edit';

type Loading = { readonly state: 'loading' } | { readonly state: 'failed'; readonly message: string } | { readonly state: 'ready'; readonly line: string };

/**
 * The pencil's dialog: the sentence in the translation's edition, one input per verse
 * line of the translation, Save (POST /postdata/utranslations/{lang}). On success the
 * section's translation is read again (after the save's position) and shows at once.
 */
export function TranslationModal({
  n,
  lang,
  section,
  onClose,
  returnTo,
}: {
  n: number;
  lang: Lang;
  section: SectionRef | null;
  onClose: () => void;
  returnTo: HTMLElement | null;
}) {
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [lines, setLines] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const toast = useToast();
  const bumpTranslations = useSetAtom(translationsVersionAtom);
  const label = langLabels[lang];

  useEffect(() => {
    const controller = new AbortController();
    fetch(translateUrl(n, lang), { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) {
          setLoading({ state: 'failed', message: response.status === 404 ? NOT_FOUND : GENERIC_ERROR });
          return;
        }
        const view = (await response.json()) as TranslateView;
        setLines(linesForEdit(view.Translated));
        setLoading({ state: 'ready', line: view.Line });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoading({ state: 'failed', message: GENERIC_ERROR });
      });
    return () => controller.abort();
  }, [n, lang]);

  useEffect(() => {
    if (loading.state === 'ready') firstRef.current?.focus();
  }, [loading.state]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateLines(lines);
    setError(problem);
    if (problem !== null) {
      const empty = lines.findIndex((line) => line.trim() === '');
      document.getElementById(`${formId}-${Math.max(empty, 0)}`)?.focus();
      return;
    }
    setBusy(true);
    const outcome = await postCommand(saveTranslationUrl(lang), saveBody(n, lines));
    if (!outcome.result.ok) {
      setBusy(false);
      const message = saveFailure(outcome.status, outcome.result.error);
      setError(message);
      toast(message, 'error');
      return;
    }
    if (section !== null) await refreshTranslation(section, lang, outcome.position);
    setBusy(false);
    bumpTranslations((v) => v + 1);
    toast(outcome.result.message ?? SAVED, 'success');
    onClose();
  };

  return (
    <Modal
      title={`Edit the ${label} translation of sentence ${n}`}
      onClose={onClose}
      returnTo={returnTo}
      footer={
        loading.state === 'ready' ? (
          <SpinnerButton busy={busy} form={formId} className="button-primary">
            {busy ? 'Wait' : 'Save'}
          </SpinnerButton>
        ) : undefined
      }
    >
      {loading.state === 'loading' ? (
        <Busy />
      ) : loading.state === 'failed' ? (
        <Failure message={loading.message} />
      ) : (
        <form id={formId} className="translation-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
          <p className="extra-label">Sentence {n}</p>
          <Verse lines={splitLines(loading.line)} />
          <fieldset className="translation-lines">
            <legend className="extra-label">{label} translation, one verse line per box</legend>
            {lines.map((line, i) => (
              <div key={i} className="translation-line">
                <label htmlFor={`${formId}-${i}`} className="visually-hidden">
                  {label} line {i + 1} of {lines.length}
                </label>
                <input
                  id={`${formId}-${i}`}
                  ref={i === 0 ? firstRef : undefined}
                  className="input"
                  type="text"
                  lang={lang}
                  value={line}
                  aria-invalid={(error !== null && line.trim() === '') || undefined}
                  aria-describedby={error !== null ? `${formId}-error` : undefined}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setLines((list) => list.map((old, j) => (j === i ? value : old)));
                  }}
                />
              </div>
            ))}
          </fieldset>
          {error !== null && (
            <p id={`${formId}-error`} className="modal-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
