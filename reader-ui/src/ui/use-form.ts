import { useRef, useState, type FormEvent } from 'react';
import { firstInvalidField, issueIndexesFor, stillFailing, type Issue } from './form-issues';

interface FieldBinding {
  readonly id: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
}

export interface Form<F extends string> {
  readonly values: Readonly<Record<F, string>>;
  readonly issues: readonly Issue<F>[];
  /** A submit is running. */
  readonly busy: boolean;
  readonly field: (name: F) => FieldBinding;
  readonly issueId: (index: number) => string;
  /** Validates, then (if valid and not already busy) runs `send` with the values. */
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly reset: () => void;
}

/**
 * State of a small form: values, validation issues shown after a submit, and the
 * busy flag while the request runs. On a failed check focus moves to the first
 * invalid field, whose description is the message.
 */
export function useForm<F extends string>(options: {
  readonly id: string;
  readonly fields: readonly F[];
  readonly initial: Readonly<Record<F, string>>;
  readonly validate: (values: Readonly<Record<F, string>>) => Issue<F>[];
  readonly send: (values: Readonly<Record<F, string>>) => Promise<void>;
}): Form<F> {
  const { id, fields, initial, validate, send } = options;
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<readonly Issue<F>[]>([]);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const fieldId = (name: F) => `${id}-${name}`;
  const issueId = (index: number) => `${id}-issue-${index}`;

  const setValue = (name: F, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setIssues((shown) => stillFailing(shown, validate(next)));
  };

  const field = (name: F): FieldBinding => {
    const mine = issueIndexesFor(issues, name);
    return {
      id: fieldId(name),
      value: values[name],
      onValueChange: (value) => setValue(name, value),
      invalid: mine.length > 0,
      describedBy: mine.length > 0 ? mine.map(issueId).join(' ') : undefined,
    };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const found = validate(values);
    setIssues(found);
    if (found.length > 0) {
      const first = firstInvalidField(fields, found);
      if (first !== undefined) document.getElementById(fieldId(first))?.focus();
      return;
    }
    running.current = true;
    setBusy(true);
    void send(values)
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  };

  const reset = () => {
    setValues(initial);
    setIssues([]);
  };

  return { values, issues, busy, field, issueId, onSubmit, reset };
}
