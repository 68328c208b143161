import { SUGGESTION_THANKS } from '@epos/schemas/suggestions/parts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { can, useMe } from '../../ui/session';
import { GENERIC_ERROR } from '../../ui/messages';
import { useSiteInfo } from '../atoms';
import { Busy, Failure, Modal } from '../../ui/modal';
import { SAVED } from '../study/translation-edit';
import { useToast } from '../../ui/toast';
import { fetchPartText, saveEdit, suggestCorrection, type SuggestionPart } from './api';
import { SubmitEdit } from './submit-edit';
import { SaveError, SuggestionReason } from './suggestion-reason';
import { correctableParts, isVerse, proposalProblem } from './correction-parts';

type Current =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly part: SuggestionPart; readonly text: string };

/**
 * "Suggest a correction" to a sentence's verse (in an edition) or one of its notes: the text as it
 * is now, to change, and an optional reason. A reader's becomes a suggestion an editor reviews; an
 * editor's own is saved at once.
 */
export function CorrectionModal({ n, onClose, returnTo }: { n: number; onClose: () => void; returnTo: HTMLElement | null }) {
  const site = useSiteInfo();
  const editor = can(useMe(), 'poem.edit');
  const toast = useToast();
  const formId = useId();
  const parts = correctableParts({ motherNote: site?.labels.motherNote ?? 'Note', aurobindoNote: site?.labels.aurobindoNote ?? "The author's note" });
  const [part, setPart] = useState<SuggestionPart>(parts[0]!.part);
  const [current, setCurrent] = useState<Current>({ state: 'loading' });
  const [proposed, setProposed] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setCurrent({ state: 'loading' });
    void fetchPartText(n, part, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) return setCurrent({ state: 'failed', message: result.message });
        setCurrent({ state: 'ready', part, text: result.data });
        setProposed(result.data);
        setError(null);
      },
      () => undefined,
    ); // aborted: another part is loading
    return () => controller.abort();
  }, [n, part]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || current.state !== 'ready') return;
    const problem = proposalProblem(part, current.text, proposed);
    setError(problem);
    if (problem !== null) {
      document.getElementById(`${formId}-text`)?.focus();
      return;
    }
    setBusy(true);
    const outcome = editor ? await saveEdit(n, part, proposed) : await suggestCorrection(n, part, proposed, reason);
    setBusy(false);
    if (!outcome.ok) {
      const message = outcome.status === 0 || outcome.status >= 500 ? GENERIC_ERROR : outcome.message;
      setError(message);
      toast(message, 'error');
      return;
    }
    toast(outcome.data.message ?? (editor ? SAVED : SUGGESTION_THANKS), 'success');
    onClose();
  };

  return (
    <Modal
      title={editor ? `Edit sentence ${n}` : `Suggest a correction to sentence ${n}`}
      onClose={onClose}
      returnTo={returnTo}
      footer={current.state === 'ready' ? <SubmitEdit busy={busy} formId={formId} editor={editor} /> : undefined}
    >
      <form id={formId} className="translation-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
        <label htmlFor={`${formId}-part`} className="extra-label">
          What to correct
        </label>
        <select id={`${formId}-part`} className="input" value={part} onChange={(e) => setPart(e.currentTarget.value as SuggestionPart)}>
          {parts.map((p) => (
            <option key={p.part} value={p.part}>
              {p.label}
            </option>
          ))}
        </select>
        {current.state === 'loading' ? (
          <Busy />
        ) : current.state === 'failed' ? (
          <Failure message={current.message} />
        ) : (
          <>
            <label htmlFor={`${formId}-text`} className="extra-label">
              {isVerse(part) ? 'The text, one verse line per line' : 'The text'}
            </label>
            <textarea
              id={`${formId}-text`}
              className="input"
              rows={Math.min(12, Math.max(3, proposed.split('\n').length + 1))}
              value={proposed}
              aria-invalid={error !== null || undefined}
              aria-describedby={error !== null ? `${formId}-error` : undefined}
              onChange={(e) => setProposed(e.currentTarget.value)}
            />
            {!editor && <SuggestionReason formId={formId} reason={reason} onChange={setReason} />}
          </>
        )}
        <SaveError formId={formId} error={error} />
      </form>
    </Modal>
  );
}
