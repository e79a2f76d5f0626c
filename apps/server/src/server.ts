import { ConfigError, loadConfig } from './config.js';
import { prestartPGliteThread } from './db/pglite-thread/index.js';
import { embeddedDatabase } from './db/template-file.js';

/**
 * Entry point: parse config, build the app, listen, shut down cleanly on SIGINT/SIGTERM (through
 * close-with-grace). Only the
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
  const [{ buildApp }, { startBanner }, { DatabaseNewerThanCodeError, isDatabaseUnavailable }, { default: closeWithGrace }] = await Promise.all([
    import('./app.js'),
    import('./start-banner.js'),
    import('./db/client.js'),
    import('close-with-grace'),
  ]);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (err) {
    // A database migrated by a newer version: say so and stop, without a stack trace.
    if (err instanceof DatabaseNewerThanCodeError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // SIGINT, SIGTERM and the other stop signals close the app: readiness answers 503 at once
  // (modules/health), it stops taking connections, lets the requests in flight and the job passes
  // running finish (their claims released), closes the database and the workers, and the process
  // exits with 0. It exits with 1 at once on a second signal, and after SHUTDOWN_GRACE_MS if closing
  // has not finished by then.
  // Errors are left to the handlers below: a lost database connection must not stop the server.
  let closing = false;
  let fatal = false;
  let requestedBy: string | undefined;
  const shutdown = closeWithGrace(
    {
      delay: config.shutdownGraceMs,
      skip: ['uncaughtException', 'unhandledRejection', 'beforeExit'],
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal }) => {
      closing = true;
      app.log.info({ signal: signal ?? requestedBy }, 'shutting down');
      // Readiness answers 503 from now on; the app keeps serving for SHUTDOWN_DRAIN_MS, so a load
      // balancer checking readiness stops sending requests before the listener closes (a request it
      // sent to a closed listener would be lost, and a POST is not retried).
      app.lifecycle.draining = true;
      if (config.shutdownDrainMs > 0 && !fatal) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Closing waits for every connection to end. Idle kept-alive ones are closed at once; one whose
      // request was in flight turns idle only once its answer is sent, and would otherwise stay open
      // for the rest of its keep-alive time (72 s), past the grace period.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
      }
      if (fatal) process.exit(1);
    },
  );
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
    fatal = true;
    process.exitCode = 1;
    requestedBy = 'uncaughtException';
    if (!closing) shutdown.close();
  });
  // Under npm start, scripts/start.mjs passes its signals on as a message: the same graceful close.
  // A terminal's Ctrl-C reaches this process too, and may come in just after the message: the close
  // starts a moment later, so that the signal is taken as the first one rather than a second one
  // (which means "stop now").
  process.on('message', (message: { type?: string; signal?: string } | null) => {
    if (message?.type !== 'shutdown') return;
    setTimeout(() => {
      if (closing) return;
      requestedBy = message.signal;
      shutdown.close();
    }, 100);
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Copydesk listening on ${config.publicUrl}`);
  console.log(`\n${startBanner(config)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
