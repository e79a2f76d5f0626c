import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = {
  root: './apps/server',
  include: ['src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
/** Files that look at the process itself: what it has loaded at start-up, how late its event loop runs. */
const isolatedServerTests = ['src/modules/geo/geo.test.ts', 'src/app-hardening.test.ts'];

/**
 * Server files that never open a database: what they prove is the same on PGlite and PostgreSQL, so
 * CI's PostgreSQL pass leaves them out (DATABASE_TESTS_ONLY=1 in .ci/run; docs/testing.md). npm test
 * runs them. A file that imports the test harness, the database client or a driver may not be listed.
 */
const databaseFreeServerTests = [
  'src/config.test.ts',
  'src/lib/document-pool/document-pool.test.ts',
  'src/lib/interval-job.test.ts',
  'src/lib/route.test.ts',
  'src/lib/spreadsheet-pool/spreadsheet-pool.test.ts',
  'src/modules/content/docx-sanitise.test.ts',
  'src/modules/invoices/invoice-pdf.test.ts',
  'src/plugins/error-handler.test.ts',
];
for (const file of databaseFreeServerTests) {
  const source = readFileSync(new URL(`./apps/server/${file}`, import.meta.url), 'utf8');
  if (/test\/harness|['"]\.\/harness|db\/client|pglite|['"]pg['"]|TEST_DATABASE_URL|onPostgres/.test(source)) {
    throw new Error(`vitest.config.ts: ${file} opens a database; remove it from databaseFreeServerTests.`);
  }
}
const databaseTestsOnly = process.env.DATABASE_TESTS_ONLY === '1';

/**
 * Component files that need a module registry of their own: one mocks the Stripe packages with
 * vi.mock (in a shared registry, another file may already have loaded the card element with the
 * real ones), one proves the phone library is loaded only when asked for, and one resets the
 * registry to draw the floating layer's stand-ins before it has loaded (which, shared, would leave
 * the files after it with a fresh copy of the app's modules, the layer not loaded). The other web files
 * share their worker's loaded modules (`isolate: false`); each test still renders into a clean
 * document with its own query client and router, and src/test/setup.ts clears the toasts, storage,
 * cookie and mocks after every test.
 */
const isolatedWebTests = [
  'src/features/billing/components/stripe-card-element.test.tsx',
  'src/lib/format-phone.test.ts',
  'src/components/ui/floating.test.tsx',
];
const webTests = { extends: './apps/web/vite.config.ts', root: './apps/web' } as const;

/**
 * One Vitest run, five projects: shared (unit), server (unit + API through app.inject) and
 * server-isolated (the server files that need a process of their own), web and web-isolated
 * (components in jsdom; settings in apps/web/vite.config.ts).
 */
export default defineConfig({
  test: {
    // The second says, after the summary, how to run the PostgreSQL-only tests a run skipped.
    reporters: ['default', './apps/server/src/test/postgres-only.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server',
          exclude: [...isolatedServerTests, ...(databaseTestsOnly ? databaseFreeServerTests : [])],
          // Files share a process's loaded modules (each still builds its own app on its own
          // database): importing the server anew for every file was half of the pass's time. No
          // file mocks a module; the route list comes from buildApp's onRoute option.
          isolate: false,
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server-isolated',
          include: isolatedServerTests,
        },
      },
      {
        ...webTests,
        test: {
          name: 'web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedWebTests],
          // Importing React, Mantine and the app's routes anew for every file was a fifth of the
          // component tests' time (docs/testing.md).
          isolate: false,
        },
      },
      {
        ...webTests,
        test: {
          name: 'web-isolated',
          include: isolatedWebTests,
        },
      },
    ],
  },
});
