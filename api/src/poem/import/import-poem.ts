import { POEM_STREAM, type Cause, type Edition } from '@epos/schemas';
import type { EventStore, Position, ProjectionProgress } from '@epos/platform';
import type { Kysely } from 'kysely';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { loadCurrentPoem } from './current-poem.js';
import { readPoemJson } from './json-file.js';
import { planImport } from './plan.js';
import { targetsFromJson, targetsFromText, type Misalignment, type PoemTargets } from './targets.js';
import { checkParsedText } from './text/check-text.js';
import { parsePoemText } from './text/parse-text.js';

export interface ImportInput {
  fileName: string;
  content: string;
  /** For plain text: the edition the file carries when it does not say (default first). */
  edition?: Edition;
  cause: Cause;
}

export interface ImportReport {
  format: 'json' | 'text';
  edition: Edition | 'all';
  sentences: number;
  changedSentences: number;
  events: number;
  /** Position of the last event appended; null when nothing changed. */
  position: Position | null;
  warnings: string[];
  misaligned: Misalignment[];
}

export interface ImportContext {
  store: EventStore;
  progress: ProjectionProgress;
  readModel: () => Promise<Kysely<PoemReadModel>>;
}

/**
 * Imports a poem file all or nothing: a malformed file is refused with `file:line: what was
 * expected` before anything is stored; the changes are appended in one atomic append with the
 * revisions they were computed from; an unchanged file appends nothing.
 */
export async function importPoem(context: ImportContext, input: ImportInput): Promise<ImportReport> {
  const isJson = input.fileName.endsWith('.json') || input.content.trimStart().startsWith('{');
  const parsedText = isJson ? null : parsePoemText(input.content, input.fileName);
  if (parsedText) checkParsedText(parsedText, input.fileName);
  const json = isJson ? readPoemJson(input.content, input.fileName) : null;
  if (parsedText?.edition && input.edition && parsedText.edition !== input.edition) {
    throw new Error(`${input.fileName}:1: the file says it carries the ${parsedText.edition} edition, but ${input.edition} was asked for`);
  }

  const head = await context.store.headPosition();
  if (!(await context.progress.waitFor(head, { names: [POEM_PROJECTION], timeoutMs: 120_000 }))) {
    throw new Error('The poem read model did not catch up with the event log; is the projections process running?');
  }
  const current = await loadCurrentPoem(await context.readModel());

  let targets: PoemTargets;
  let misaligned: Misalignment[] = [];
  const edition: Edition | 'all' = json ? 'all' : (parsedText!.edition ?? input.edition ?? 'first');
  if (json) targets = targetsFromJson(json);
  else {
    if (edition !== 'first' && current.sentences.size === 0) throw new Error(`${input.fileName}:1: import the first edition before the ${edition} edition`);
    ({ targets, misaligned } = targetsFromText(parsedText!, edition as Edition, current));
  }

  const appends = planImport(current, targets, { complete: json !== null || edition === 'first' });
  const events = appends.reduce((n, a) => n + a.events.length, 0);
  const position = appends.length > 0 ? (await context.store.appendMany(appends, { cause: input.cause })).position : null;
  return {
    format: json ? 'json' : 'text',
    edition,
    sentences: targets.sentences.length,
    changedSentences: appends.filter((a) => a.streamId !== POEM_STREAM).length,
    events,
    position,
    warnings: (parsedText?.warnings ?? []).map((w) => `${input.fileName}:${w.line}: ${w.message}`),
    misaligned,
  };
}
