import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProjectionProgress } from '@epos/platform';
import { SYSTEM_ACTOR } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { DemoSeeder } from '../demo/seed.js';
import { importPoem } from './import/import-poem.js';

export const DEMO_POEM_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/demo/poem.json');

/** The demo poem (content/demo), imported like any poem file. */
export const poemDemoSeeder: DemoSeeder = {
  name: 'poem',
  async seed({ store, database, logger }) {
    const progress = new ProjectionProgress(database, store);
    await progress.start();
    try {
      const report = await importPoem(
        {
          store,
          progress,
          readModel: () => progress.readModel<PoemReadModel>(POEM_PROJECTION),
        },
        { fileName: DEMO_POEM_FILE, content: await fs.readFile(DEMO_POEM_FILE, 'utf8'), cause: { actor: SYSTEM_ACTOR } },
      );
      logger.info({ sentences: report.plan.counts.sentences, events: report.plan.counts.events }, 'demo poem imported');
    } finally {
      await progress.close();
    }
  },
};
