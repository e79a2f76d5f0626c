import { defineConfig } from 'vitest/config';

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
 * One Vitest run, four projects: shared (unit), server (unit + API through app.inject) and
 * server-isolated (the server files that need a process of their own), web (components in jsdom).
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
          exclude: isolatedServerTests,
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
      './apps/web/vite.config.ts',
    ],
  },
});
