import type { FastifyInstance } from 'fastify';
import { countJobRun } from './metrics.js';

/**
 * Runs `run` once `firstRunMs` after the app is ready, then every `intervalMs` until it closes.
 * A pass never overlaps the previous one; a failed pass is logged and the next one tries again.
 * Each pass that starts, and each that fails, is counted for the metrics (lib/metrics.ts).
 */
export function startIntervalJob(app: FastifyInstance, job: { name: string; firstRunMs: number; intervalMs: number; run: () => Promise<void> }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const counted = countJobRun(job.name);
    try {
      await job.run();
    } catch (err) {
      counted.failed();
      app.log.error({ err }, `${job.name} failed`);
    } finally {
      running = false;
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(tick, job.firstRunMs).unref(), setInterval(tick, job.intervalMs).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
