import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['platform/src/testkit/global-setup.ts'],
    pool: 'forks',
    // Vitest's default on 2 cores is one file at a time; most files wait on PostgreSQL or child
    // processes, so two at a time nearly halve the run (each file has its own database).
    maxWorkers: 2,
    // Bounds against a hang, not measures of speed: a test waits on its condition however busy the
    // machine is (issue 34: the suite passes three times over beside `npm run load`).
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
