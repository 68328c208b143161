import { partLabel } from '@epos/schemas/suggestions/parts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { can, useMe } from '../accounts/session';
import { AccountPage } from '../accounts/account-page';
import { loginHref } from '../accounts/urls';
import type { Loaded } from '../poem/api';
import { useSiteInfo } from '../poem/atoms';
import { Loading } from '../poem/loading';
import { DiffText } from '../scholarship/diff-text';
import { formatWhen } from '../scholarship/history';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { acceptSuggestion, declineSuggestion, fetchSuggestions, SUGGESTIONS_PATH, type SuggestionAnswer, type SuggestionsAnswer, type SuggestionStatus } from './api';
import './suggestions.css';

const STATUSES: readonly { status: SuggestionStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'declined', label: 'Declined' },
];

/** /suggestions: the editors' review queue of readers' suggested corrections. */
export default function ReviewPage() {
  const me = useMe();
  const [status, setStatus] = useState<SuggestionStatus>('open');
  /** Read again after a decision, waiting for its position (read your own writes). */
  const [reload, setReload] = useState<{ after: string | null; count: number }>({ after: null, count: 0 });
  const [loaded, setLoaded] = useState<Loaded<SuggestionsAnswer> | null>(null);
  const editor = can(me, 'suggestions.review');

  useEffect(() => {
    if (!editor) return;
    const controller = new AbortController();
    setLoaded(null);
    void fetchSuggestions(status, controller.signal, reload.after).then((result) => {
      if (controller.signal.aborted) return;
      setLoaded(result);
      // the decided card is gone: keyboard focus goes back to the queue, not to the page's start
      if (refocus.current) requestAnimationFrame(() => document.querySelector<HTMLElement>('.suggestion-statuses [aria-pressed="true"]')?.focus());
      refocus.current = false;
    });
    return () => controller.abort();
  }, [editor, status, reload]);

  const refocus = useRef(false);
  const decided = useCallback((position: string | null) => {
    refocus.current = true;
    setReload((r) => ({ after: position, count: r.count + 1 }));
  }, []);

  if (me === null) return <Loading />;
  if (!me.loggedIn) {
    return (
      <AccountPage title="Suggestions">
        <p>
          <Link href={loginHref(SUGGESTIONS_PATH)}>Log in</Link> as an editor to review suggestions.
        </p>
      </AccountPage>
    );
  }
  if (!editor) {
    return (
      <AccountPage title="Suggestions">
        <p>Only editors review suggestions.</p>
      </AccountPage>
    );
  }

  return (
    <AccountPage title="Suggestions">
      <div className="suggestion-statuses" role="group" aria-label="Show suggestions">
        {STATUSES.map((s) => (
          <button key={s.status} type="button" className="button" aria-pressed={status === s.status} onClick={() => setStatus(s.status)}>
            {s.label}
          </button>
        ))}
      </div>
      {loaded === null ? (
        <Loading />
      ) : !loaded.ok ? (
        <p role="alert">{loaded.message}</p>
      ) : loaded.data.total === 0 ? (
        <p>No {status} suggestions.</p>
      ) : (
        <>
          {loaded.data.total > loaded.data.suggestions.length && (
            <p className="muted">
              Showing {loaded.data.suggestions.length} of {loaded.data.total} {status} suggestions{status === 'open' ? ', the oldest first' : ', the newest first'}.
            </p>
          )}
          <ol className="suggestion-list">
            {loaded.data.suggestions.map((s) => (
              <li key={s.id}>
                <SuggestionCard suggestion={s} onDecided={decided} />
              </li>
            ))}
          </ol>
        </>
      )}
    </AccountPage>
  );
}

function SuggestionCard({ suggestion: s, onDecided }: { suggestion: SuggestionAnswer; onDecided: (position: string | null) => void }) {
  const site = useSiteInfo();
  const toast = useToast();
  const reasonId = useId();
  const headingId = useId();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declineReason, setDeclineReason] = useState('');
  /** A refusal, and which action it belongs to (only the decline reason's box is marked invalid by its own). */
  const [error, setError] = useState<{ of: 'accept' | 'decline'; message: string } | null>(null);
  const declineError = error?.of === 'decline' ? error.message : null;
  const part = partLabel(s.part, { motherNote: site?.labels.motherNote ?? 'Note', aurobindoNote: site?.labels.aurobindoNote ?? "The author's note" });

  const accept = async () => {
    setBusy('accept');
    const outcome = await acceptSuggestion(s.id);
    setBusy(null);
    if (!outcome.result.ok) {
      setError({ of: 'accept', message: outcome.result.error });
      toast(outcome.result.error, 'error', 8000);
      return;
    }
    toast(outcome.result.message ?? 'Accepted.', 'success');
    onDecided(outcome.position);
  };

  const decline = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (declineReason.trim() === '') {
      setError({ of: 'decline', message: 'Say why the suggestion is declined.' });
      document.getElementById(reasonId)?.focus();
      return;
    }
    setBusy('decline');
    const outcome = await declineSuggestion(s.id, declineReason.trim());
    setBusy(null);
    if (!outcome.result.ok) {
      setError({ of: 'decline', message: outcome.result.error });
      toast(outcome.result.error, 'error');
      return;
    }
    toast(outcome.result.message ?? 'Declined.', 'success');
    onDecided(outcome.position);
  };

  return (
    <article className="suggestion" aria-labelledby={headingId}>
      <h2 id={headingId} className="suggestion-title">
        {s.sentence === null ? `Sentence (withdrawn, id ${s.sentenceId})` : <Link href={`/${s.sentence}`}>Sentence {s.sentence}</Link>}
        {' · '}
        {part}
      </h2>
      <p className="suggestion-meta">
        Suggested by <strong>{s.suggesterName}</strong> · <time dateTime={s.madeAt}>{formatWhen(s.madeAt)}</time>
        {s.decidedByName !== null && s.decidedAt !== null && (
          <>
            {' · '}
            {s.status === 'accepted' ? 'accepted' : 'declined'} by {s.decidedByName}, <time dateTime={s.decidedAt}>{formatWhen(s.decidedAt)}</time>
          </>
        )}
      </p>
      {s.reason !== null && <p className="suggestion-reason-text">Reason: {s.reason}</p>}
      <DiffText diff={s.diff} before={s.basedOn} after={s.proposed} />
      {s.declineReason !== null && <p>Declined because: {s.declineReason}</p>}
      {s.changedSince && <p className="suggestion-warning">The text has changed since this suggestion was made: accepting it would be refused.</p>}
      {s.status === 'open' && (
        <div className="suggestion-actions">
          <SpinnerButton type="button" busy={busy === 'accept'} className="button-primary" onClick={() => void accept()} disabled={busy !== null}>
            Accept
          </SpinnerButton>
          <form className="suggestion-decline" onSubmit={(e) => void decline(e)} noValidate>
            <label htmlFor={reasonId}>Reason to decline</label>
            <textarea
              id={reasonId}
              className="input"
              rows={2}
              maxLength={2000}
              value={declineReason}
              aria-invalid={declineError !== null || undefined}
              aria-describedby={declineError !== null ? `${reasonId}-error` : undefined}
              onChange={(e) => setDeclineReason(e.currentTarget.value)}
            />
            <SpinnerButton busy={busy === 'decline'} className="button" disabled={busy !== null}>
              Decline
            </SpinnerButton>
          </form>
          {error !== null && (
            <p id={`${reasonId}-error`} className="modal-error" role="alert">
              {error.message}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
