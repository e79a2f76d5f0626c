import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in the system Chromium (never a downloaded browser). The global setup starts the
 * built server on a free port with an in-memory database and hands its address to the tests
 * through COPYDESK_E2E_BASE_URL.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './harness/global-setup.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Hang guards, not speed checks: two workers, two browsers and the server share two cores, and
  // a CI machine can be slower still. Long journeys call test.slow() (three times this).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.COPYDESK_E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    // Recording a trace slows every step by a third on a two-core machine; E2E_TRACE=1 turns it on
    // to debug a failure (failed tests always keep a screenshot).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
