/**
 * npm run import -- <file> [--edition first|centenary|revised] [--dry-run] [--yes]
 * Imports a poem in the JSON format or one edition in the plain-text format (docs/poem-format.md).
 * The plan is printed first; --dry-run stops there; an import that withdraws more than a small
 * share of the poem or any annotated sentence needs --yes.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ReadModelFailedError, wayOut } from '@epos/platform';
import { editionSchema, SYSTEM_ACTOR } from '@epos/schemas';
import { checkPoemFile, importPoem, type CheckedPoemFile } from '@epos/api/poem/import/import-poem';
import { describePlan } from '@epos/api/poem/import/describe-plan';
import { checkPoemFileSize, decodePoemFile } from '@epos/api/poem/import/text/decode-text';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { openPoemTool } from './tool-runtime.js';

const USAGE = 'usage: npm run import -- <file> [--edition first|centenary|revised] [--dry-run] [--yes]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { edition: { type: 'string' }, 'dry-run': { type: 'boolean' }, yes: { type: 'boolean' } },
});
const file = positionals[0];
if (!file) fail(USAGE);
const edition = values.edition === undefined ? undefined : editionSchema.safeParse(values.edition.toLowerCase());
if (edition && !edition.success) fail(`--edition: expected first, centenary or revised (got "${values.edition}")`);
let size: number;
try {
  size = fs.statSync(file).size;
} catch {
  fail(`${file}: cannot read the file`);
}

const started = performance.now();
let content: string;
let checked: CheckedPoemFile;
try {
  // The size first, so that a huge file is refused before it is read; the whole file before the database is opened.
  checkPoemFileSize(size, file);
  const decoded = decodePoemFile(fs.readFileSync(file), file);
  for (const notice of decoded.notices) console.warn(`note: ${notice}`);
  content = decoded.text;
  checked = checkPoemFile({ fileName: file, content, ...(edition?.success ? { edition: edition.data } : {}) });
} catch (error) {
  fail((error as Error).message);
}
const tool = await openPoemTool();
try {
  const report = await importPoem(
    { store: tool.runtime.store, progress: tool.progress, readModel: tool.poemDb },
    {
      fileName: file,
      content,
      checked,
      cause: { actor: SYSTEM_ACTOR },
      dryRun: values['dry-run'] === true,
      confirmed: values.yes === true,
      ...(edition?.success ? { edition: edition.data } : {}),
    },
  );
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  for (const m of report.misaligned) console.warn(`not aligned: ${m.message}`);
  for (const line of describePlan(report)) console.log(line);
  if (!report.applied) {
    await tool.close();
    if (values['dry-run']) {
      console.log('dry run: nothing stored');
      process.exit(0);
    }
    fail(`not imported: ${report.plan.needsConfirmation}. Check the plan, then run again with --yes to go ahead.`, 3);
  }
  if (report.position !== null && !(await tool.progress.waitFor(report.position, { names: [POEM_PROJECTION], timeoutMs: 300_000 }))) {
    throw new Error(`the poem read model did not apply the import within 5 minutes (${file} is stored; see /api/health)`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${file}: ${report.plan.counts.events} events appended${report.position === null ? ' (nothing changed)' : ` up to position ${report.position}`}, ${report.misaligned.length} not aligned, in ${seconds} s`,
  );
  await tool.close();
} catch (error) {
  await tool.close();
  if (error instanceof ReadModelFailedError) fail(`${error.message}\n${wayOut(error.projection)}`);
  if (error instanceof Error) fail(error.message);
  throw error;
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}
