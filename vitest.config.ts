import { defineConfig } from 'vitest/config';
import { testKinds } from './scripts/testkit/test-kinds.js';

// `npm test` runs both projects; `npm run test:unit` only the first (docs/decisions/unit-tests.md).
const { unit, integration } = testKinds();

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default on 2 cores is one file at a time; most files wait on PostgreSQL or child
    // processes, so two at a time nearly halve the run (each file has its own database).
    maxWorkers: 2,
    // Bounds against a hang, not measures of speed: a test waits on its condition however busy the
    // machine is (issue 34: the suite passes three times over beside `npm run load`).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll waits for its condition as long as a busy machine needs (the default second is not always enough).
    expect: { poll: { timeout: 15_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: unit, isolate: false, setupFiles: ['scripts/testkit/unit-guard.ts'] } },
      { extends: true, test: { name: 'integration', include: integration, globalSetup: ['platform/src/testkit/global-setup.ts'] } },
    ],
  },
});
