import { defineConfig } from 'vitest/config';

/** Browser tests: the built site in Debian's Chromium (`npm run test:e2e`). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Bounds against a hang, not measures of speed (see vitest.config.ts).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // A click's round trip (a command, its projection, the answer) can take over the default 1 s on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
