/** npm run export [-- --out file]: the poem in its JSON exchange format, to a file or stdout. */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { exportPoem } from '@epos/api/poem/import/export-poem';
import { loadCurrentPoem } from '@epos/api/poem/import/current-poem';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { openPoemTool } from './tool-runtime.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const tool = await openPoemTool();
try {
  const head = await tool.runtime.store.headPosition();
  if (!(await tool.progress.waitFor(head, { names: [POEM_PROJECTION], timeoutMs: 300_000 }))) throw new Error('the poem read model did not catch up');
  const json = exportPoem(await loadCurrentPoem(await tool.poemDb()));
  if (values.out) fs.writeFileSync(values.out, json);
  else process.stdout.write(json);
} finally {
  await tool.close();
}
