import { POEM_STREAM, type Cause, type Edition, type PoemFile } from '@epos/schemas';
import type { EventStore, Position, ProjectionProgress, StreamAppend } from '@epos/platform';
import type { Kysely } from 'kysely';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { loadCurrentPoem, type CurrentPoem } from './current-poem.js';
import { readPoemJson } from './json-file.js';
import { editionPlan, planImport, type ImportPlan } from './plan.js';
import { editionTargets, targetsFromFirstEdition, targetsFromJson, type Misalignment } from './targets.js';
import { checkParsedText } from './text/check-text.js';
import { parsePoemText, type ParsedPoemText } from './text/parse-text.js';

/** The most sentences a poem may have: several times the longest epics (the Mahabharata has about 100,000 couplets). */
const MAX_SENTENCES = 500_000;
/** Streams per atomic append: bounds the memory of one transaction on a huge import. */
const APPEND_BATCH = 2_000;

export interface ImportInput {
  fileName: string;
  content: string;
  /** For plain text: the edition the file carries when it does not say (default first). */
  edition?: Edition;
  cause: Cause;
  /** Plan only: report what would change and store nothing. */
  dryRun?: boolean;
  /** Go ahead with an import that withdraws much of the poem or annotated sentences. */
  confirmed?: boolean;
  /** The file as `checkPoemFile` read it already (the command line checks before opening the database). */
  checked?: CheckedPoemFile;
}

export interface ImportReport {
  format: 'json' | 'text';
  edition: Edition | 'all';
  plan: Omit<ImportPlan, 'appends'>;
  /** Whether the plan was carried out (not a dry run, and confirmed where it had to be). */
  applied: boolean;
  /** Position of the last event appended; null when nothing was appended. */
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
 * Imports a poem file. A malformed file is refused with `file:line: what was expected` before
 * anything is stored. The file is matched to the stored poem by content (see plan.ts) and the
 * plan is reported first; a dry run stops there, and so does an import that would withdraw much
 * of the poem or any annotated sentence unless confirmed. The changes are appended with the
 * revisions they were computed from, in atomic batches of {@link APPEND_BATCH} streams (structure
 * first), so memory stays bounded; an import interrupted between batches is completed by running
 * it again. An unchanged file appends nothing.
 */
export async function importPoem(context: ImportContext, input: ImportInput): Promise<ImportReport> {
  // The file, its parse and the stored poem are dropped once planned: only the plan is kept while appending.
  const { plan, ...report } = await planFile(context, input);
  const applied = !input.dryRun && (plan.needsConfirmation === null || input.confirmed === true);
  const { appends, ...summary } = plan;
  const position = applied ? await appendInBatches(context.store, appends, input.cause) : null;
  return { ...report, plan: summary, applied, position };
}

/** A poem file read and checked: its parse when plain text, else its JSON. */
export type CheckedPoemFile = { parsedText: ParsedPoemText; json: null } | { parsedText: null; json: PoemFile };

/**
 * Reads a poem file and holds it to everything the read models can hold (the event schemas'
 * limits: verse lines, sentences, names, numbers, the poem's size), naming `file:line` for each
 * problem, before any database is opened: a file the site cannot hold is refused whole.
 */
export function checkPoemFile(input: Pick<ImportInput, 'fileName' | 'content' | 'edition'>): CheckedPoemFile {
  const isJson = input.fileName.endsWith('.json') || input.content.trimStart().startsWith('{');
  const parsedText = isJson ? null : parsePoemText(input.content, input.fileName);
  if (parsedText) checkParsedText(parsedText, input.fileName);
  const json = isJson ? readPoemJson(input.content, input.fileName) : null;
  if (parsedText?.edition && input.edition && parsedText.edition !== input.edition) {
    throw new Error(`${input.fileName}:1: the file says it carries the ${parsedText.edition} edition, but ${input.edition} was asked for`);
  }
  const sentenceCount = parsedText?.sentenceCount ?? json!.books.flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences))).length;
  if (sentenceCount > MAX_SENTENCES) {
    throw new Error(`${input.fileName}: the poem has ${sentenceCount.toLocaleString('en')} sentences; the limit is ${MAX_SENTENCES.toLocaleString('en')}`);
  }
  return parsedText ? { parsedText, json: null } : { parsedText: null, json: json! };
}

async function planFile(
  context: ImportContext,
  input: ImportInput,
): Promise<Pick<ImportReport, 'format' | 'edition' | 'warnings' | 'misaligned'> & { plan: ImportPlan }> {
  const { parsedText, json } = input.checked ?? checkPoemFile(input);
  const current = await currentPoem(context);
  const edition: Edition | 'all' = json ? 'all' : (parsedText!.edition ?? input.edition ?? 'first');
  const warnings = (parsedText?.warnings ?? []).map((w) => `${input.fileName}:${w.line}: ${w.message}`);
  const format = json ? 'json' : 'text';
  if (json) return { format, edition, warnings, misaligned: [], plan: planImport(current, targetsFromJson(json)) };
  if (edition === 'first') return { format, edition, warnings, misaligned: [], plan: planImport(current, targetsFromFirstEdition(parsedText!, current)) };
  if (current.sentences.size === 0) throw new Error(`${input.fileName}:1: import the first edition before the ${edition} edition`);
  const targets = editionTargets(parsedText!, edition as Exclude<Edition, 'first'>, current);
  return { format, edition, warnings, misaligned: targets.misaligned, plan: editionPlan(current, targets.sentences) };
}

async function currentPoem(context: ImportContext): Promise<CurrentPoem> {
  const head = await context.store.headPosition();
  if (!(await context.progress.waitFor(head, { names: [POEM_PROJECTION], timeoutMs: 120_000 }))) {
    throw new Error('The poem read model did not catch up with the event log; is the projections process running?');
  }
  return loadCurrentPoem(await context.readModel());
}

/** Appends the structure first, then the sentences a batch at a time, letting go of each batch once stored. */
async function appendInBatches(store: EventStore, appends: StreamAppend[], cause: Cause): Promise<Position | null> {
  let position: Position | null = null;
  const pending = [...appends.filter((a) => a.streamId === POEM_STREAM), ...appends.filter((a) => a.streamId !== POEM_STREAM)];
  appends.length = 0;
  while (pending.length > 0) position = (await store.appendMany(pending.splice(0, APPEND_BATCH), { cause })).position;
  return position;
}
