import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * What the server counts for Prometheus (docs/operations.md). The counters and histograms here
 * belong to the process: code that has no app at hand (the booking layer, interval jobs) counts
 * into them, and every app of the process (tests build several) reports the same ones. What reads
 * one app's state (its database pool, its outbox, its worker pools) is built per app by
 * `appMetricsRegistry` and merged in at scrape time.
 */
export const processRegistry = new Registry();

// Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles: prom-client's standard set.
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'copydesk_http_requests_total',
  help: 'Requests answered, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [processRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'copydesk_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'copydesk_job_runs_total',
  help: 'Passes of a scheduled job (automatic approval, payment reconciliation, housekeeping, the email outbox, webhook deliveries) that started.',
  labelNames: ['task'] as const,
  registers: [processRegistry],
});

export const jobFailures = new Counter({
  name: 'copydesk_job_failures_total',
  help: 'Passes of a scheduled job that ended with an error.',
  labelNames: ['task'] as const,
  registers: [processRegistry],
});

export const paymentOutcomes = new Counter({
  name: 'copydesk_payments_total',
  help: 'Order payments the booking routine settled (outcome "booked") or refused (outcome = the refusal).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

/** The label of a scheduled job: "automatic approval pass" → "automatic_approval". */
export const jobLabel = (name: string) =>
  name
    .replace(/\s+pass$/i, '')
    .trim()
    .replace(/\s+/g, '_')
    .toLowerCase();

/** Counts one pass of a scheduled job; `failed` once it has thrown. */
export function countJobRun(name: string) {
  const task = jobLabel(name);
  jobRuns.inc({ task });
  return { failed: () => jobFailures.inc({ task }) };
}

const queueGauges = new Map<string, () => number>();

/**
 * Reports the length of a worker pool's queue as `copydesk_worker_queue_length{pool=name}` at each
 * scrape. A pool registers once (the last registration of a name wins); the returned function
 * removes it, for a pool that closes.
 */
export function registerQueueGauge(name: string, length: () => number): () => void {
  queueGauges.set(name, length);
  return () => {
    if (queueGauges.get(name) === length) queueGauges.delete(name);
  };
}

new Gauge({
  name: 'copydesk_worker_queue_length',
  help: 'Jobs waiting for a worker of a pool (spreadsheet imports, document conversions).',
  labelNames: ['pool'] as const,
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [pool, length] of queueGauges) {
      try {
        this.set({ pool }, length());
      } catch {
        // A pool that cannot tell (closed) is left out of this scrape.
      }
    }
  },
});

/** The pool node-postgres exposes (drizzle keeps it as `$client`); PGlite has none. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function poolOf(db: Database): PoolCounts | null {
  const client = (db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return client && typeof client.totalCount === 'number' && typeof client.waitingCount === 'number' ? (client as PoolCounts) : null;
}

export interface AppMetricsSource {
  db: Database;
  /** How many connections the pool may open (poolSettings.max in db/client.ts); null on PGlite. */
  poolMax: number | null;
}

/**
 * The gauges that read one app's state. The outbox is read with one aggregate over the unsent rows,
 * which the `outbox_emails_pending_idx` index (sent_at first) serves, so a scrape costs one cheap
 * query. The pool gauges exist on PostgreSQL only: the embedded database has no pool (one PGlite
 * thread takes one statement at a time), so they are absent there rather than a constant.
 */
export function appMetricsRegistry(source: AppMetricsSource): Registry {
  const registry = new Registry();
  const pool = poolOf(source.db);
  if (pool) {
    new Gauge({
      name: 'copydesk_db_pool_connections',
      help: 'PostgreSQL pool connections by state: in_use (checked out), idle, and max (the pool size).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        if (source.poolMax !== null) this.set({ state: 'max' }, source.poolMax);
      },
    });
    new Gauge({
      name: 'copydesk_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  const outbox = async () => {
    const { rows } = (await source.db.execute(
      sql`select count(*)::int as backlog, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest from outbox_emails where sent_at is null`,
    )) as unknown as { rows: { backlog: number | string; oldest: number | string }[] };
    return { backlog: Number(rows[0]?.backlog ?? 0), oldest: Number(rows[0]?.oldest ?? 0) };
  };
  // Both gauges come from one query per scrape. A database that cannot answer makes them NaN (no
  // alert fires on NaN, and the scrape still reports everything else).
  let pending: Promise<{ backlog: number; oldest: number }> | null = null;
  const readOutbox = () =>
    (pending ??= outbox()
      .catch(() => ({ backlog: Number.NaN, oldest: Number.NaN }))
      .finally(() => setTimeout(() => (pending = null), 0)));
  new Gauge({
    name: 'copydesk_outbox_backlog',
    help: 'Emails in the outbox not sent yet.',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).backlog);
    },
  });
  new Gauge({
    name: 'copydesk_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest email not sent yet (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldest);
    },
  });
  new Gauge({
    name: 'copydesk_webhook_backlog',
    help: 'Webhook deliveries not yet succeeded or failed for good (due, retrying or in flight; docs/decisions/0044-webhooks.md).',
    registers: [registry],
    async collect() {
      // The partial index webhook_deliveries_due_idx (migration 0030) holds exactly these rows.
      const counted = source.db
        .execute(sql`select count(*)::int as backlog from webhook_deliveries where status = 'pending'`)
        .then((r) => Number((r as unknown as { rows: { backlog: number | string }[] }).rows[0]?.backlog ?? 0));
      this.set(await counted.catch(() => Number.NaN));
    },
  });
  return registry;
}

/** The Prometheus text of the process's metrics and one app's. */
export async function renderMetrics(appRegistry: Registry): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processRegistry, appRegistry]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
