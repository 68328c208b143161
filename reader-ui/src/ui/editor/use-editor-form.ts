import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { firstInvalidField, issueIndexesFor, stillFailing, type Issue } from '../form-issues';
import { useToast } from '../toast';

/** Where the markdown editor takes focus (its source pane, or the rich pane). */
const CONTENT_FIELD = '[data-testid="post-editor-source"], [data-testid="post-editor-content"]';

export interface EditorForm<V extends object, F extends string> {
  readonly values: V;
  readonly set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Puts back a whole working copy, or part of one (a restored draft or revision). */
  readonly apply: (restored: Partial<V>) => void;
  readonly issues: readonly Issue<F>[];
  /** Shows issues the server found (a refused save). */
  readonly showIssues: (issues: readonly Issue<F>[]) => void;
  readonly fieldId: (name: F) => string;
  readonly issueId: (index: number) => string;
  /** A field's aria-invalid and aria-describedby: the messages that concern it. */
  readonly binding: (name: F) => { readonly invalid: boolean; readonly describedBy: string | undefined };
  readonly focusField: (name: F) => void;
  /** A save is running. */
  readonly busy: boolean;
  /** Saved: the form waits for the page to move on and takes no other save. */
  readonly done: boolean;
  /** Validates, then (if valid and no save runs) runs `save`; a save that answers true is done. */
  readonly submit: (save: (values: V) => Promise<boolean>) => (event: FormEvent<HTMLFormElement>) => void;
  /** Runs `action` for a Generate button (its own busy flag), after checking `source` is written. */
  readonly generate: (source: F, needed: string, action: (written: string) => Promise<void>) => () => void;
  readonly generating: boolean;
}

/**
 * The post and page editors' form: the values, the validation issues shown after a submit (cleared
 * as their fields are fixed), focus on the first invalid field, the running save and the Generate
 * button's. `focus` places the focus on fields that are not a plain input.
 */
export function useEditorForm<V extends object, F extends string & keyof V>(options: {
  readonly id: string;
  readonly fields: readonly F[];
  readonly initial: () => V;
  readonly validate: (values: V) => Issue<F>[];
  readonly focus?: (name: F, fieldId: string) => boolean;
}): EditorForm<V, F> {
  const { id, fields, validate, focus } = options;
  const toast = useToast();
  const [values, setValues] = useState<V>(options.initial);
  const [issues, setIssues] = useState<readonly Issue<F>[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [generating, setGenerating] = useState(false);
  const running = useRef(false);

  // Shown messages clear as their fields are fixed; new ones wait for the next save.
  useEffect(() => setIssues((shown) => stillFailing(shown, validate(values))), [values]);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value })), []);
  const apply = useCallback((restored: Partial<V>) => setValues((v) => ({ ...v, ...restored })), []);
  const fieldId = (name: F) => `${id}-${name}`;
  const issueId = (index: number) => `${id}-issue-${index}`;

  const binding = (name: F) => {
    const mine = issueIndexesFor(issues, name);
    return { invalid: mine.length > 0, describedBy: mine.length > 0 ? mine.map(issueId).join(' ') : undefined };
  };

  const focusField = (name: F) => {
    if (focus?.(name, fieldId(name))) return;
    if (name === 'md_content') document.querySelector<HTMLElement>(CONTENT_FIELD)?.focus();
    else document.getElementById(fieldId(name))?.focus();
  };

  const submit = (save: (values: V) => Promise<boolean>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || done) return;
    const found = validate(values);
    setIssues(found);
    if (found.length > 0) {
      const first = firstInvalidField(fields, found);
      if (first !== undefined) focusField(first);
      return;
    }
    running.current = true;
    setBusy(true);
    const saved = await save(values);
    running.current = false;
    // A refused save leaves the button usable again; the server's message says what to fix.
    if (saved) setDone(true);
    else setBusy(false);
  };

  const generate = (source: F, needed: string, action: (written: string) => Promise<void>) => async () => {
    if (generating) return;
    const written = String(values[source]).trim();
    if (written === '') {
      toast(needed, 'error');
      focusField(source);
      return;
    }
    setGenerating(true);
    await action(written);
    setGenerating(false);
  };

  return { values, set, apply, issues, showIssues: setIssues, fieldId, issueId, binding, focusField, busy, done, submit, generate, generating };
}

/** While `active`, leaving or reloading the page asks first. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
