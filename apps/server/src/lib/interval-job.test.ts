import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startIntervalJob } from './interval-job.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startIntervalJob on close', () => {
  it('waits for the pass that is running, and starts none after close() begins', async () => {
    const app = Fastify();
    const events: string[] = [];
    let finish!: () => void;
    let passes = 0;
    // Registered before the job, as app.ts registers the database's close: runs after the job's hooks.
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    startIntervalJob(app, {
      name: 'test pass',
      firstRunMs: 0,
      intervalMs: 20,
      run: async () => {
        passes += 1;
        events.push(`pass ${passes} started`);
        if (passes === 1) await new Promise<void>((resolve) => (finish = resolve));
        events.push(`pass ${passes} ended`);
      },
    });
    await app.ready();
    while (passes === 0) await sleep(5);

    const closed = app.close().then(() => events.push('closed'));
    await sleep(100);
    expect(events).toEqual(['pass 1 started']);
    finish();
    await closed;
    await sleep(60);
    expect(events).toEqual(['pass 1 started', 'pass 1 ended', 'database closed', 'closed']);
  });
});
