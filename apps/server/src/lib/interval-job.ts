import type { FastifyInstance } from 'fastify';
import { countJobRun } from './metrics.js';

/** What a pass is told: `stopping()` turns true once the app starts closing, so a pass that works
 * through a batch (the email outbox, webhook deliveries) hands the rest back instead of going on. */
export type JobPass = { stopping: () => boolean };

/**
 * Runs `run` once `firstRunMs` after the app is ready (if given), then every `intervalMs` until it
 * closes. A pass never overlaps the previous one; a failed pass is logged and the next one tries again.
 * Each pass that starts, and each that fails, is counted for the metrics (lib/metrics.ts).
 * Closing the app (SIGTERM: server.ts) starts no new pass and waits for the one running, so its
 * transaction ends and the rows it claimed are released before the database closes: onClose hooks
 * run in reverse order of registration, and jobs start after app.ts registers the database's close.
 */
export function startIntervalJob(
  app: FastifyInstance,
  job: { name: string; firstRunMs?: number; intervalMs: number; run: (pass: JobPass) => Promise<unknown> },
) {
  let running: Promise<void> | null = null;
  let closing = false;
  const pass: JobPass = { stopping: () => closing };
  const tick = async () => {
    if (running || closing) return;
    const counted = countJobRun(job.name);
    running = job.run(pass).then(
      () => undefined,
      (err: unknown) => {
        counted.failed();
        app.log.error({ err }, `${job.name} failed`);
      },
    );
    try {
      await running;
    } finally {
      running = null;
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    if (job.firstRunMs !== undefined) timers.push(setTimeout(tick, job.firstRunMs).unref());
    timers.push(setInterval(tick, job.intervalMs).unref());
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}
