/**
 * One thing wrong with an import file: where it is and what was expected there. `line` is
 * 1-based, or 0 when the problem is the whole file; `column` (1-based, in characters) is given
 * when the problem is one character.
 */
export interface PoemProblem {
  file: string;
  line: number;
  column?: number;
  message: string;
}

/** `file:line:column: message`, `file:line: message` or, for the whole file, `file: message`. */
function problemText(p: PoemProblem): string {
  if (p.line === 0) return `${p.file}: ${p.message}`;
  const column = p.column === undefined ? '' : `:${p.column}`;
  return `${p.file}:${p.line}${column}: ${p.message}`;
}

/**
 * A poem file that cannot be imported. `problems` lists everything found (in line order, at
 * most {@link MAX_PROBLEMS}); the message is the problems one per line as `file:line: message`
 * (`file:line:column: message` when the column is known, `file: message` for the whole file).
 */
export class PoemFormatError extends Error {
  constructor(readonly problems: PoemProblem[]) {
    super(problems.map(problemText).join('\n'));
    this.name = 'PoemFormatError';
  }
}

/** At most this many problems are reported at once; the rest would mostly be consequences. */
export const MAX_PROBLEMS = 50;
