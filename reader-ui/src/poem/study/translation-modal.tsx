import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SUGGESTION_THANKS } from '@epos/schemas/suggestions/parts';
import { postCommand } from '../../ui/command';
import { getJson } from '../../ui/http';
import { can, useMe } from '../../ui/session';
import { refreshTranslation, type SectionRef } from '../api';
import { translationsVersionAtom } from '../atoms';
import { langLabels, splitLines, type Lang } from '../reading';
import { Verse } from '../../ui/verse';
import { suggestCorrection } from '../suggestions/api';
import { useToast } from '../../ui/toast';
import { Busy, Failure, Modal } from '../../ui/modal';
import { SubmitEdit } from '../suggestions/submit-edit';
import { SaveError, SuggestionReason } from '../suggestions/suggestion-reason';
import {
  linesForEdit,
  SAVE_FAILED,
  SAVED,
  saveBody,
  saveFailure,
  saveTranslationUrl,
  translateUrl,
  validateLines,
  type TranslateView,
} from './translation-edit';

type Loading = { readonly state: 'loading' } | { readonly state: 'failed'; readonly message: string } | { readonly state: 'ready'; readonly line: string };

/**
 * The pencil's dialog: the sentence in the translation's edition, one input per verse
 * line of the translation. An editor's Save (POST /postdata/utranslations/{lang}) changes
 * it at once, and the section's translation is read again (after the save's position);
 * a reader's, with an optional reason, becomes a suggestion for an editor to review.
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
  const [reason, setReason] = useState('');
  const editor = can(useMe(), 'poem.edit');
  const firstRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const toast = useToast();
  const bumpTranslations = useSetAtom(translationsVersionAtom);
  const label = langLabels[lang];

  useEffect(() => {
    const controller = new AbortController();
    getJson<TranslateView>(translateUrl(n, lang), { signal: controller.signal }).then(
      (result) => {
        if (!result.ok) {
          setLoading({ state: 'failed', message: result.message });
          return;
        }
        setLines(linesForEdit(result.data.Translated));
        setLoading({ state: 'ready', line: result.data.Line });
      },
      () => undefined,
    );
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
    if (!editor) {
      const suggested = await suggestCorrection(n, `tr-${lang}`, saveBody(n, lines).Translated, reason);
      setBusy(false);
      if (!suggested.ok) {
        const message = suggested.status === 0 || suggested.status >= 500 ? SAVE_FAILED : suggested.message;
        setError(message);
        toast(message, 'error');
        return;
      }
      toast(suggested.data.message ?? SUGGESTION_THANKS, 'success');
      onClose();
      return;
    }
    const outcome = await postCommand(saveTranslationUrl(lang), saveBody(n, lines));
    if (!outcome.ok) {
      setBusy(false);
      const message = saveFailure(outcome.status, outcome.message);
      setError(message);
      toast(message, 'error');
      return;
    }
    if (section !== null) await refreshTranslation(section, lang, outcome.position);
    setBusy(false);
    bumpTranslations((v) => v + 1);
    toast(outcome.data.message ?? SAVED, 'success');
    onClose();
  };

  return (
    <Modal
      title={editor ? `Edit the ${label} translation of sentence ${n}` : `Suggest a correction to the ${label} translation of sentence ${n}`}
      onClose={onClose}
      returnTo={returnTo}
      footer={loading.state === 'ready' ? <SubmitEdit busy={busy} formId={formId} editor={editor} /> : undefined}
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
          {!editor && (
            <div className="suggestion-reason">
              <SuggestionReason formId={formId} reason={reason} onChange={setReason} />
            </div>
          )}
          <SaveError formId={formId} error={error} />
        </form>
      )}
    </Modal>
  );
}
