import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Integration tests start real servers on loopback; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for a state; its 1 s default was a wait on time in disguise, too short
    // for a journey's key press to reach the page and render while the other core is busy.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // The command line, bundled once per run: the tests start it hundreds of times.
    globalSetup: ['./test/support/cli-bundle-setup.ts'],
    // Testing Library's waits get the same deadline as `expect.poll`.
    setupFiles: ['./test/support/testing-library-setup.ts'],
    // electron-store is run through vitest (not loaded by Node directly) so that the settings
    // test can stand in for the `electron` module, which cannot be installed here.
    server: { deps: { inline: ['electron-store'] } },
    reporters: ['default', './test/support/closing-line-reporter.ts'],
  },
});
