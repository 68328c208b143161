import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SpinnerButton } from '../../ui/spinner-button';
import { fetchMentions, type MentionUser } from '../api';
import { countLabel } from '../../ui/count-label';
import { useLoad } from '../../ui/use-load';
import { insertMention, limitSuggestions, mentionQuery, pingsInText, type MentionMatch } from './mentions';
import { canSend, textareaRows } from './thread';

/** How long typing pauses before people to mention are asked for. */
const MENTION_DEBOUNCE_MS = 200;

export type CommentFormMode = 'new' | 'reply' | 'edit';

const testIds: Record<CommentFormMode, string> = { new: 'comment-form', reply: 'reply-form', edit: 'edit-form' };

/**
 * The comment box: a textarea of 2 to 5 rows that grows, @mentions, Send (only with
 * some text; when editing, only once it changed) and Cancel for replies and edits.
 * `onSend` gets the text and the ids of the people still mentioned in it, and says
 * whether it worked; a new comment's box is then emptied.
 */
export function CommentForm({
  postId,
  mode,
  label,
  initial = '',
  initialPings = {},
  onSend,
  onCancel,
  autoFocus = false,
}: {
  postId: string;
  mode: CommentFormMode;
  label: string;
  initial?: string;
  initialPings?: Readonly<Record<string, string>>;
  onSend: (content: string, pings: string[]) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState(initial);
  const [people, setPeople] = useState<Readonly<Record<string, string>>>(initialPings);
  const [busy, setBusy] = useState(false);
  const [match, setMatch] = useState<MentionMatch | null>(null);
  const [active, setActive] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caretAfter = useRef<number | null>(null);
  const busyRef = useRef(false);
  const id = useId();
  const listId = `${id}-mentions`;
  const hintId = `${id}-hint`;

  const sendable = canSend(content, mode === 'edit' ? initial : null);
  const query = match?.query ?? null;
  const found = useLoad(query, (signal) => fetchMentions(postId, query!, signal), MENTION_DEBOUNCE_MS);
  const shown = found?.ok && Array.isArray(found.data) ? limitSuggestions(found.data) : [];
  const open = shown.length > 0;

  useEffect(() => {
    if (autoFocus) textarea.current?.focus();
  }, [autoFocus]);

  // the caret goes after an inserted mention once React has written the text
  useLayoutEffect(() => {
    const at = caretAfter.current;
    if (at === null || textarea.current === null) return;
    caretAfter.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(at, at);
  }, [content]);

  const updateMatch = (el: HTMLTextAreaElement) => {
    const next = el.selectionStart === el.selectionEnd ? mentionQuery(el.value, el.selectionStart) : null;
    setMatch((before) => (before?.start === next?.start && before?.query === next?.query ? before : next));
    // New suggestions start from the first.
    if (next?.query !== query) setActive(0);
  };

  const choose = (person: MentionUser) => {
    const el = textarea.current;
    if (match === null || el === null) return;
    const next = insertMention(content, el.selectionStart, match, person.fullname);
    caretAfter.current = next.caret;
    setContent(next.text);
    setPeople((known) => ({ ...known, [person.id]: person.fullname }));
    setMatch(null);
  };

  const submit = async () => {
    if (!sendable || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const ok = await onSend(content.trim(), pingsInText(content, people));
    busyRef.current = false;
    setBusy(false);
    if (ok && mode === 'new') {
      setContent('');
      setPeople({});
      setMatch(null);
      textarea.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + shown.length) % shown.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = shown[Math.min(active, shown.length - 1)];
        if (person !== undefined) {
          event.preventDefault();
          choose(person);
        }
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMatch(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
      return;
    }
    if (event.key === 'Escape' && onCancel !== undefined) {
      event.preventDefault();
      onCancel();
    }
  };

  const activeId = open ? `${listId}-${Math.min(active, shown.length - 1)}` : undefined;

  return (
    <form className={`comment-form comment-form-${mode}`} data-testid={testIds[mode]} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <label htmlFor={`${id}-text`} className="comment-form-label">
        {label}
      </label>
      <div className="comment-input">
        <textarea
          ref={textarea}
          id={`${id}-text`}
          className="input comment-textarea"
          data-testid="comment-textarea"
          rows={textareaRows(content)}
          value={content}
          maxLength={10_000}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeId}
          onChange={(e) => {
            setContent(e.currentTarget.value);
            updateMatch(e.currentTarget);
          }}
          onSelect={(e) => updateMatch(e.currentTarget)}
          onKeyDown={onKeyDown}
          onBlur={() => setMatch(null)}
        />
        {open && (
          <ul id={listId} className="mention-list" role="listbox" aria-label="People to mention">
            {shown.map((person, i) => (
              <li
                key={person.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="mention-option"
                // keep focus (and the caret) in the textarea
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(person)}
              >
                {person.fullname}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={hintId} className="comment-hint">
        Type @ and a name to mention someone. Ctrl+Enter sends.
      </p>
      <p className="visually-hidden" aria-live="polite">
        {open ? `${countLabel(shown.length, 'person', 'people')} to mention: arrow keys to choose, Enter to insert.` : ''}
      </p>
      <div className="comment-form-actions">
        <SpinnerButton busy={busy} disabled={!sendable} className="button-primary" data-testid="comment-send">
          {mode === 'edit' ? 'Save' : 'Send'}
        </SpinnerButton>
        {onCancel !== undefined && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
