/** One thing wrong with an import file: where it is (1-based line) and what was expected there. */
export interface PoemProblem {
  file: string;
  line: number;
  message: string;
}

/**
 * A poem file that cannot be imported. `problems` lists everything found (in line order, at
 * most {@link MAX_PROBLEMS}); the message is the problems one per line as `file:line: message`.
 */
export class PoemFormatError extends Error {
  constructor(readonly problems: PoemProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n'));
    this.name = 'PoemFormatError';
  }
}

/** At most this many problems are reported at once; the rest would mostly be consequences. */
export const MAX_PROBLEMS = 50;
