import { ConfigError, loadConfig } from './config.js';
import { prestartPGliteThread } from './db/pglite-thread/index.js';
import { embeddedDatabase } from './db/template-file.js';

/**
 * Entry point: parse config, build the app, listen, shut down cleanly on SIGINT/SIGTERM. Only the
 * config and the database thread's starter are imported up front: the embedded database starts
 * booting in its thread first, and the rest of the server loads on this one meanwhile.
 */
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
  if (!config.databaseUrl) prestartPGliteThread(embeddedDatabase(config.dataDir));
  const [{ buildApp }, { startBanner }, { isDatabaseUnavailable }] = await Promise.all([
    import('./app.js'),
    import('./start-banner.js'),
    import('./db/client.js'),
  ]);
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
