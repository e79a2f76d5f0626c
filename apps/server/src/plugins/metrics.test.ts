import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxEmails } from '../db/schema/index.js';
import { createTestApp, loginAs, bearer, demo, type TestApp } from '../test/harness.js';
import { startIntervalJob } from '../lib/interval-job.js';
import { jobFailures, jobRuns } from '../lib/metrics.js';
import { bookOrderPayment } from '../modules/billing/booking.js';
import { metricsPortOf } from './metrics.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 (not the web app) while METRICS_TOKEN is unset, even with a bearer token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'request.not_found' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  it('refuses a missing, malformed or wrong token with 401 and the error shape', async () => {
    for (const authorization of [undefined, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer short', `Bearer ${TOKEN.slice(0, -1)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('answers the Prometheus text with requests by route pattern, jobs, payments, outbox and pools', async () => {
    // A request on a parameterised route, so the pattern (not the URL) must show.
    const token = await loginAs(t.app, demo.agency);
    await t.app.inject({ method: 'GET', url: '/api/order/987654/export', headers: bearer(token) });
    // An email waits in the outbox (no SMTP in tests), two minutes old.
    await t.db.insert(outboxEmails).values({ to: 'a@example.org', subject: 's', text: 't', html: 'h', createdAt: new Date(Date.now() - 120_000) });

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/copydesk_http_requests_total\{method="GET",route="\/api\/order\/:id\/export",status_class="4xx"\} \d+/);
    expect(text).toMatch(/copydesk_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/login",status_class="2xx"\} \d+/);
    expect(text).not.toContain('987654');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/^copydesk_outbox_backlog [1-9]\d*$/m);
    expect(text).toMatch(/^copydesk_webhook_backlog \d+$/m);
    const oldest = Number(/^copydesk_outbox_oldest_unsent_seconds (\S+)$/m.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(119);
    expect(text).toContain('# TYPE copydesk_job_runs_total counter');
    expect(text).toContain('# TYPE copydesk_job_failures_total counter');
    expect(text).toContain('# TYPE copydesk_payments_total counter');
    expect(text).toMatch(/copydesk_worker_queue_length\{pool="spreadsheet"\} 0/);
    expect(text).toMatch(/copydesk_worker_queue_length\{pool="document"\} 0/);
    if (t.kind === 'postgres') {
      expect(text).toMatch(/copydesk_db_pool_connections\{state="in_use"\} \d+/);
      expect(text).toMatch(/copydesk_db_pool_connections\{state="max"\} 10/);
      expect(text).toMatch(/copydesk_db_pool_waiting \d+/);
    } else {
      // The embedded database has no pool: absent rather than a made-up number.
      expect(text).not.toContain('copydesk_db_pool');
    }
  });

  it('counts every order payment by its outcome', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const count = (text: string, outcome: string) => Number(new RegExp(`copydesk_payments_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const before = await scrape();
    // Order 987654 does not exist: the booking routine refuses it, and the refusal is counted.
    await expect(
      bookOrderPayment(t.app.config, t.db, {
        method: 'Balance',
        orderId: 987654,
        agencyId: 1,
        userId: 1,
        scope: { kind: 'all' },
        coupon: null,
        today: new Date().toISOString().slice(0, 10),
        description: 'metrics test',
      }),
    ).rejects.toThrow();
    const after = await scrape();
    expect(count(after, 'not_found')).toBe(count(before, 'not_found') + 1);
    expect(count(after, 'booked')).toBe(count(before, 'booked'));
  });
});

describe('scheduled jobs', () => {
  it("count each pass and each failed pass under the job's name", async () => {
    const value = async (metric: typeof jobRuns) => (await metric.get()).values.find((v) => v.labels.task === 'metrics_test')?.value ?? 0;
    const [runs, failures] = [await value(jobRuns), await value(jobFailures)];
    const app = Fastify({ logger: false });
    let calls = 0;
    startIntervalJob(app, {
      name: 'metrics test pass',
      firstRunMs: 0,
      intervalMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('planned failure');
      },
    });
    await app.ready();
    await vi.waitFor(() => expect(calls).toBe(1));
    await app.close();
    expect(await value(jobRuns)).toBe(runs + 1);
    expect(await value(jobFailures)).toBe(failures + 1);
  });
});

describe('METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0' });
  });
  afterAll(() => t?.close());

  const get = (port: number, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] }));
        })
        .on('error', reject);
    });

  it('serves the metrics on a loopback listener only, while the app keeps /metrics at 404', async () => {
    const server = t.app.metricsServer!;
    const address = server.address();
    expect(address && typeof address === 'object' ? address.address : null).toBe('127.0.0.1');
    const port = metricsPortOf(server);
    const res = await get(port, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.body).toContain('copydesk_http_request_duration_seconds');
    expect(res.body).toContain('copydesk_outbox_backlog');
    expect((await get(port, '/')).status).toBe(404);
    // No token: the app's own /metrics stays closed.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('closes the listener with the app', async () => {
    const other = await createTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    const port = metricsPortOf(other.app.metricsServer!);
    expect((await get(port, '/metrics')).status).toBe(401);
    expect((await get(port, '/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    await other.close();
    await expect(get(port, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The health route also logs through the app's own logger (as services do, through ctx.log),
    // after an await, to show that such lines carry the request's id too.
    t = await createTestApp(
      {},
      {
        onRoute(route) {
          if (route.method !== 'GET' || route.url !== '/api/health') return;
          const handler = route.handler as (this: FastifyInstance, ...args: unknown[]) => unknown;
          route.handler = async function (this: FastifyInstance, ...args: unknown[]) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            this.log.warn('a line from the app logger');
            return handler.apply(this, args);
          } as typeof route.handler;
        },
      },
    );
  });
  afterAll(() => t?.close());

  const idLines = (id: string) => t.logs.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as { reqId?: string; msg?: string });

  it('keeps a well-formed X-Request-Id, answers it, and every log line of the request carries it', async () => {
    const id = 'lb-7f3a.91:request_id-0001';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    const lines = idLines(id);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'a line from the app logger', 'request completed']));
    expect(lines.every((l) => l.reqId === id)).toBe(true);
    // Once, not twice: the request's own lines are not given a second reqId.
    expect(t.logs.filter((line) => line.includes(id)).every((line) => line.split('"reqId"').length === 2)).toBe(true);
  });

  it('replaces a malformed or oversized one with a new id', async () => {
    for (const given of ['has space', 'quote"s', 'x'.repeat(129), '', 'semi;colon', 'new\\nline']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      const id = res.headers['x-request-id'];
      expect(id, given).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe(given);
    }
  });

  it('gives a request without one a new id, different each time, on errors too', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const c = await t.app.inject({ method: 'GET', url: '/api/order/%E0%A4%A' });
    for (const res of [a, b, c]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([a, b, c].map((r) => r.headers['x-request-id'])).size).toBe(3);
    expect(b.statusCode).toBe(404);
    // A request that fails is logged with its id, so the id a user reports finds the error.
    const id = String(b.headers['x-request-id']);
    expect(idLines(id).length).toBeGreaterThan(0);
  });
});
