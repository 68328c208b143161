/**
 * A form validation problem: one message (shown once, above the form) and the
 * fields it concerns (marked invalid and described by the message).
 */
export interface Issue<F extends string = string> {
  readonly message: string;
  readonly fields: readonly F[];
}

/** Collects issues, skipping a rule whose fields list is empty. */
export function issue<F extends string>(message: string, fields: readonly F[]): Issue<F>[] {
  return fields.length === 0 ? [] : [{ message, fields }];
}

/**
 * The issues to keep showing while the user edits after a failed submit: only
 * those already shown that still apply (with their current fields), so fixing a
 * field clears its message but typing never raises a new one before the next submit.
 */
export function stillFailing<F extends string>(shown: readonly Issue<F>[], current: readonly Issue<F>[]): Issue<F>[] {
  if (shown.length === 0) return [];
  return current.filter((c) => shown.some((s) => s.message === c.message));
}

/** Indexes (into `issues`) of the issues that concern `field`. */
export function issueIndexesFor<F extends string>(issues: readonly Issue<F>[], field: F): number[] {
  const found: number[] = [];
  issues.forEach((i, index) => {
    if (i.fields.includes(field)) found.push(index);
  });
  return found;
}

/** The first field, in form order, that some issue concerns. */
export function firstInvalidField<F extends string>(order: readonly F[], issues: readonly Issue<F>[]): F | undefined {
  return order.find((f) => issues.some((i) => i.fields.includes(f)));
}
