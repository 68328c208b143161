import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { copyServerAssets } from '../scripts/build/server-assets.js';
import { REPO_ROOT } from '../scripts/testkit/site-process.js';
import { createSiteTemplate } from '../scripts/testkit/site-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    siteTemplate: string;
  }
}

/**
 * Before the browser tests: the server built from the sources as they are (`npm run build:server`,
 * incremental: a second or two when nothing changed), and one migrated data folder that every
 * site starts from a copy of.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', path.join(REPO_ROOT, 'tsconfig.build.json')], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  copyServerAssets();
  const template = await createSiteTemplate();
  project.provide('siteTemplate', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
