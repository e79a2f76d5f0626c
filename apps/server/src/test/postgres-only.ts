import type { Reporter, TestModule } from 'vitest/node';

/**
 * Tests that only a PostgreSQL server can run: row locks between connections, several instances on
 * one database, outages, search plans on real statistics. The embedded database has one connection,
 * so without TEST_DATABASE_URL they are skipped; their names end in the marker below so that the run
 * can count them and say how to run them (the reporter at the end of this file).
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const MARKER = '[PostgreSQL only]';

/** A test or suite name marked as PostgreSQL-only. */
export const postgresOnly = (name: string) => `${name} ${MARKER}`;

/** What a run without TEST_DATABASE_URL says after its summary when it skipped such tests. */
export function postgresSkipNote(skipped: number): string {
  return [
    '',
    ` ${skipped} PostgreSQL-only ${skipped === 1 ? 'test was' : 'tests were'} skipped (marked ${MARKER}): TEST_DATABASE_URL is not set, and the`,
    ' embedded database cannot show what they prove (locks between connections, several instances, outages).',
    ' Run them against a PostgreSQL server whose role may create databases (CI does, in .ci/run):',
    '   TEST_DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/copydesk_test npx vitest run --project server --project server-isolated',
    '',
  ].join('\n');
}

/** Vitest reporter (vitest.config.ts): counts the skipped PostgreSQL-only tests of the run. */
export default class PostgresOnlyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (onPostgres) return;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped' && test.fullName.includes(MARKER)) skipped += 1;
      }
    }
    if (skipped > 0) process.stdout.write(`${postgresSkipNote(skipped)}\n`);
  }
}
