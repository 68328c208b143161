/**
 * npm run import -- <file> [--edition first|centenary|revised]
 * Imports a poem in the JSON format or one edition in the plain-text format (docs/poem-format.md).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { editionSchema, SYSTEM_ACTOR } from '@epos/schemas';
import { importPoem } from '@epos/api/poem/import/import-poem';
import { PoemFormatError } from '@epos/api/poem/import/errors';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { openPoemTool } from './tool-runtime.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { edition: { type: 'string' } } });
const file = positionals[0];
if (!file) fail('usage: npm run import -- <file> [--edition first|centenary|revised]');
const edition = values.edition === undefined ? undefined : editionSchema.safeParse(values.edition.toLowerCase());
if (edition && !edition.success) fail(`--edition: expected first, centenary or revised (got "${values.edition}")`);
let content: string;
try {
  content = fs.readFileSync(file, 'utf8');
} catch {
  fail(`${file}: cannot read the file`);
}

const started = performance.now();
const tool = await openPoemTool();
try {
  const report = await importPoem(
    { store: tool.runtime.store, progress: tool.progress, readModel: tool.poemDb },
    { fileName: file, content, cause: { actor: SYSTEM_ACTOR }, ...(edition?.success ? { edition: edition.data } : {}) },
  );
  if (report.position !== null && !(await tool.progress.waitFor(report.position, { names: [POEM_PROJECTION], timeoutMs: 300_000 }))) {
    throw new Error('the poem read model did not apply the import within 5 minutes');
  }
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  for (const m of report.misaligned) console.warn(`not aligned: ${m.message}`);
  console.log(
    `${file}: ${report.format}, edition ${report.edition}: ${report.sentences} sentences read, ${report.changedSentences} changed, ` +
      `${report.events} events appended${report.position === null ? ' (nothing changed)' : ` up to position ${report.position}`}, ` +
      `${report.misaligned.length} not aligned, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await tool.close();
} catch (error) {
  await tool.close();
  if (error instanceof PoemFormatError || error instanceof Error) fail(error.message);
  throw error;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
