import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startBanner } from './start-banner.js';
import { isDatabaseUnavailable } from './db/client.js';

/** Entry point: parse config, build the app, listen, shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
    } finally {
      // 0 unless a fatal error set process.exitCode before asking for the shutdown.
      process.exit();
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Last line of defence, so a database outage never ends the process. A promise nobody awaited
  // holds no request's state: log it and carry on. A thrown exception may have left state half
  // changed, so anything but a lost database connection stops the server (a supervisor restarts it).
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, isDatabaseUnavailable(reason) ? 'connection lost (unhandled rejection); still serving' : 'unhandled rejection');
  });
  process.on('uncaughtException', (err) => {
    if (isDatabaseUnavailable(err)) {
      app.log.error({ err }, 'connection lost (uncaught exception); still serving');
      return;
    }
    app.log.fatal({ err }, 'uncaught exception; shutting down');
    process.exitCode = 1;
    void shutdown('uncaughtException');
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Copydesk listening on ${config.publicUrl}`);
  console.log(`\n${startBanner(config)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
