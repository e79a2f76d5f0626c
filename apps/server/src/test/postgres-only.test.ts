import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import PostgresOnlyReporter, { onPostgres, postgresOnly } from './postgres-only.js';

/** A finished test module holding tests of these names and states. */
const moduleOf = (tests: [name: string, state: 'passed' | 'skipped'][]) =>
  ({ children: { allTests: () => tests.map(([fullName, state]) => ({ fullName, result: () => ({ state }) })) } }) as unknown as TestModule;

afterEach(() => {
  vi.restoreAllMocks();
});

describe.skipIf(onPostgres)('the PostgreSQL-only note of a run on the embedded database', () => {
  it('counts the skipped tests marked PostgreSQL-only, and says how to run them', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    new PostgresOnlyReporter().onTestRunEnd([
      moduleOf([
        [`outages > ${postgresOnly('reconnects')}`, 'skipped'],
        [postgresOnly('locks'), 'skipped'],
        ['skipped for another reason', 'skipped'],
        ['passes', 'passed'],
      ]),
    ]);
    const printed = write.mock.calls.map(([text]) => String(text)).join('');
    expect(printed).toContain(' 2 PostgreSQL-only tests were skipped');
    expect(printed).toContain('TEST_DATABASE_URL=postgres://');
  });

  it('says nothing when none was skipped', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    new PostgresOnlyReporter().onTestRunEnd([moduleOf([['passes', 'passed']])]);
    expect(write).not.toHaveBeenCalled();
  });
});
