import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from './server';

/**
 * Starts one server for the whole run and returns its teardown. The address reaches the config's
 * `use.baseURL` in the workers through the environment, which they inherit from this process. A run
 * given COPYDESK_E2E_BASE_URL drives that server instead (one started from source while debugging).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // A server started by hand (COPYDESK_E2E_BASE_URL=http://localhost:3102): used as it is.
  if (process.env.COPYDESK_E2E_BASE_URL) return async () => undefined;
  const server = await startServer();
  process.env.COPYDESK_E2E_BASE_URL = server.baseURL;
  return async () => {
    await server.stop();
    // Keep the server's log beside the test results for a failed run.
    const resultsDir = path.join(repoRoot, 'e2e/test-results');
    mkdirSync(resultsDir, { recursive: true });
    copyFileSync(server.logFile, path.join(resultsDir, 'server.log'));
    server.dispose();
  };
}
