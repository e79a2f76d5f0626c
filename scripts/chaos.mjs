#!/usr/bin/env node
// `npm run chaos`: the crash test (README.md, "Crash test"). Card and wallet payments, card top-ups, admin
// credits, order creation and bulk imports run under load while the server is killed with SIGKILL
// and restarted; after the last stop the database is read directly and checked:
//   - every acknowledged operation (a 200) exists exactly once, an unacknowledged one at most once;
//   - every agency's ledger (wallet_entries) adds up to its cached balance (wallets.balance_cents);
//   - no payment attempt is left pending or captured; every sandbox charge became a succeeded
//     attempt with its payment row, or was fully refunded;
//   - no Idempotency-Key is stuck in_progress; every paid order has exactly one order payment.
// Runs on the embedded database (a DATA_DIR on disk, reused across restarts) and, when
// CHAOS_DATABASE_URL or --database-url names a PostgreSQL role that may CREATE DATABASE, on a fresh
// database there (dropped afterwards). Prints one table per database; exits 1 on any failed check.
//
//   npm run chaos                       5 kills after 20–40 s of load each, per database
//   npm run chaos -- --short            5 kills after 1.5–3 s each (CI; about a minute for both on an idle machine)
//   options: --database-url=postgres://…  --only=embedded|postgres  --kills=N  --seed=N
//
// Every server runs on a free loopback port (127.0.0.1) that this script started, with a temporary
// DATA_DIR; every loop is bounded and the server's process group is killed on exit.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { freePort } from './lib/free-port.mjs';
import { buildDbTemplate, dbTemplateMissing, ensureServerBundle, repoRoot, serverBundle } from './lib/web-build.mjs';
import { card, orderItem, requestOf } from './lib/load-payloads.mjs';

const orderItemOf = (title) => orderItem(title, { project: 'Chaos blog', about: 'We crash servers on purpose', audience: 'Engineers' });

// --- options ------------------------------------------------------------------------------------
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const unknown = args.filter((a) => !/^--(short|database-url=.+|only=(embedded|postgres)|kills=\d+|seed=\d+)$/.test(a));
if (unknown.length) {
  console.error(
    `chaos: unknown option(s) ${unknown.join(' ')}\nusage: npm run chaos -- [--short] [--database-url=postgres://…] [--only=embedded|postgres] [--kills=N] [--seed=N]`,
  );
  process.exit(2);
}
const SHORT = flag('short');
const PROFILE = SHORT
  ? { kills: 5, phaseMs: [1_500, 3_000], workers: 6, leaseMs: 2_000, reconcileMs: 1_500, opDeadlineMs: 60_000, patientRetryShare: 0.5, runLimitMs: 180_000 }
  : { kills: 5, phaseMs: [20_000, 40_000], workers: 10, leaseMs: 3_000, reconcileMs: 2_000, opDeadlineMs: 90_000, patientRetryShare: 0.5, runLimitMs: 900_000 };
/** The server's first reconciliation pass runs this long after start-up (payment-settlement.ts). */
const FIRST_RECONCILIATION_MS = 5_000;
const KILLS = Number(option('kills') ?? PROFILE.kills);
const SEED = Number(option('seed') ?? process.env.CHAOS_SEED ?? 20261123);
const DATABASE_URL = option('database-url') ?? process.env.CHAOS_DATABASE_URL ?? '';
const ONLY = option('only');
const HEALTH_TIMEOUT_MS = 60_000;
/** Long: a request abandoned while the server still runs it could not be told apart from a lost one. */
const REQUEST_TIMEOUT_MS = 60_000;
const MAX_SENDS = 60;
/** The server takes 10 bulk imports per agency per minute (BULK_IMPORTS_PER_MINUTE); a client stays under it. */
const BULK_SENDS_PER_MINUTE = 7;

// --- plumbing -----------------------------------------------------------------------------------
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves with the promise, or after `ms` without keeping the process alive past it. */
function within(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}
const workDir = mkdtempSync(path.join(tmpdir(), 'copydesk-chaos-'));
const running = new Set();
let keepWorkDir = false;

/** mulberry32: the workload and the kill times follow the seed. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function killGroup(child, signal = 'SIGKILL') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function cleanup() {
  for (const child of running) killGroup(child);
  running.clear();
  if (!keepWorkDir) rmSync(workDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nchaos: ${signal}, stopping`);
    cleanup();
    process.exit(130);
  });
}

/**
 * The server as `npm start` runs it (scripts/start.mjs spawns the bundle, which main() builds once
 * when stale; the build steps are not repeated per restart), in its own process group.
 */
class Server {
  constructor(label, env) {
    this.label = label;
    this.env = env;
    this.logFile = path.join(workDir, `${label}.log`);
    this.child = null;
  }

  get baseURL() {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  async start() {
    const logFd = openSync(this.logFile, 'a');
    const started = performance.now();
    const env = { ...process.env, ...this.env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], { cwd: repoRoot, detached: true, stdio: ['ignore', logFd, logFd], env });
    closeSync(logFd);
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    while (performance.now() - started < HEALTH_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        const res = await fetch(`${this.baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not up yet
      }
      await sleep(25);
    }
    const tail = readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n');
    killGroup(child);
    throw new Error(`${this.label}: the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${tail}`);
  }

  async stop(signal) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    if (signal === 'SIGKILL') killGroup(child, 'SIGKILL');
    else child.kill(signal);
    await within(gone, 15_000);
    killGroup(child, 'SIGKILL');
    await within(gone, 5_000);
  }

  /** Reconciliation figures the server logged (one JSON line per pass that claimed something). */
  reconciled() {
    const totals = { passes: 0, succeeded: 0, failed: 0, refunded: 0, unsettled: 0, settled_elsewhere: 0 };
    if (!existsSync(this.logFile)) return totals;
    for (const line of readFileSync(this.logFile, 'utf8').split('\n')) {
      if (!line.includes('payment reconciliation pass"')) continue;
      try {
        const entry = JSON.parse(line);
        if (!entry.reconciled) continue;
        totals.passes += 1;
        for (const key of Object.keys(entry.reconciled)) totals[key] = (totals[key] ?? 0) + entry.reconciled[key];
      } catch {
        // not JSON
      }
    }
    return totals;
  }
}

// --- the clients ----------------------------------------------------------------------------------
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The 409s that mean "the first try is still running" (packages/shared/src/error-codes.ts): try again. */
const RETRYABLE_409 = new Set(['idempotency.in_progress', 'payment.in_progress']);

const bulkRow = (title) => ({
  orderType: 'Blog Post',
  category: 'Technology',
  itemTitle: title,
  projectName: 'Chaos bulk',
  aboutCompany: 'We crash servers on purpose',
  targetAudience: 'Engineers',
  wordCount: '500 Words',
  purpose: 'Informative',
  writingTone: 'Casual',
  publishingMedium: 'Own Website',
  keywords: 'a;b;c',
  websiteLink: 'https://chaos.example.com',
});

/** One run of load against one server: clients that behave like the web app. */
class Load {
  constructor(server, tag, random) {
    this.server = server;
    this.tag = tag;
    this.random = random;
    this.ops = [];
    this.sends = 0;
    this.stopping = false;
    this.serverUp = true;
    this.upWaiters = [];
    this.counter = 0;
    this.columns = null;
    this.bulkSends = [];
    this.bulkBusy = false;
  }

  setUp(up) {
    this.serverUp = up;
    if (up) for (const wake of this.upWaiters.splice(0)) wake();
  }

  /** Waits (bounded) while the server is being restarted; answers how long that took. */
  async untilUp(deadline) {
    if (this.serverUp) return 0;
    const from = Date.now();
    await within(new Promise((resolve) => this.upWaiters.push(resolve)), Math.max(0, deadline - Date.now()));
    return Date.now() - from;
  }

  marker(kind) {
    this.counter += 1;
    // Fixed width and a closing dot: no marker is a substring of another (the order search is ILIKE).
    return `${this.tag}-${kind}${String(this.counter).padStart(6, '0')}.`;
  }

  /** One HTTP call; a thrown error means no answer (refused, reset, time-out). */
  async call(method, pathname, { token, json, form, key } = {}) {
    this.sends += 1;
    this.lastSendAt = Date.now();
    const { headers, body } = requestOf({ token, json, form, key });
    const res = await fetch(`${this.server.baseURL}${pathname}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let data;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return { status: res.status, body: data, retryAfter: Number(res.headers.get('retry-after')) || 0 };
  }

  async login(email) {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        const res = await this.call('POST', '/api/login', { json: { email, password: 'demopass123' } });
        if (res.status === 200) return res.body;
        throw new Error(`login ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('login ')) throw err;
        await sleep(200);
      }
    }
    throw new Error(`login ${email}: no answer`);
  }

  async prepare() {
    const agency = await this.login('agency@example.com');
    const admin = await this.login('admin@example.com');
    this.agencyToken = agency.token;
    this.agencyId = agency.user.id;
    this.adminToken = admin.token;
    // The bulk sheet's columns, as the sample the web app offers names them.
    const res = await fetch(`${this.server.baseURL}/api/order/bulk/sample?order_type=Blog%20Post`, {
      headers: { authorization: `Bearer ${this.agencyToken}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.status !== 200) throw new Error(`bulk sample answered ${res.status}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()));
    this.columns = wb.worksheets[0].getRow(1).values.slice(1).map(String);
  }

  async sheet(titles) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow(this.columns);
    // The sample's headers are words ('Item title *'); each names the key it spells ('itemTitle').
    const keyOf = (header) => Object.keys(bulkRow('')).find((key) => key.toLowerCase() === header.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
    for (const title of titles) {
      const row = bulkRow(title);
      ws.addRow(this.columns.map((header) => row[keyOf(header)] ?? null));
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  /**
   * Sends one operation until it has an answer, as the web app would: with one Idempotency-Key
   * for all its sends; a send that got no answer (the server died: refused, reset) or a 503, a
   * 429 or a 409 "still being processed" is sent again once the server is back. Calls the server
   * does not deduplicate (order creation, bulk import) are only sent again after a look at the
   * orders (by the op's marker) shows the lost send did not go through, unless it was refused.
   * Bounded by MAX_SENDS and the op's deadline.
   */
  async operate(op, request, { idempotent, lookup } = {}) {
    op.key = randomUUID();
    op.sends = 0;
    // The deadline does not count the time the server spends restarting (a slow machine's restarts).
    let deadline = Date.now() + PROFILE.opDeadlineMs;
    let lost = false;
    while (op.sends < MAX_SENDS && Date.now() < deadline) {
      if (op.sends > 0) {
        deadline += await this.untilUp(deadline + HEALTH_TIMEOUT_MS);
        // Most customers press Pay again at once; some only after a while, long enough for the
        // lease to run out and the restarted server's first reconciliation pass to get there first.
        const patient = lost && idempotent && this.random() < PROFILE.patientRetryShare;
        await sleep(patient ? FIRST_RECONCILIATION_MS + PROFILE.leaseMs + this.random() * PROFILE.reconcileMs : 100 + this.random() * 300);
        if (lost && !idempotent && lookup) {
          let found;
          try {
            found = await lookup();
          } catch {
            continue; // the look failed too: look again later
          }
          if (found) {
            op.outcome = 'found after a lost answer';
            op.orderId = found;
            return op;
          }
        }
        op.retries = (op.retries ?? 0) + 1;
      }
      op.sends += 1;
      let res;
      try {
        res = await request(op.key);
      } catch (err) {
        const code = err?.cause?.code ?? err?.code ?? err?.name;
        lost = code !== 'ECONNREFUSED';
        op.lastError = String(code);
        continue;
      }
      lost = false;
      const message = typeof res.body === 'object' && res.body ? res.body.message : '';
      const code = typeof res.body === 'object' && res.body ? res.body.code : '';
      if (res.status === 503 || res.status === 429 || (res.status === 409 && RETRYABLE_409.has(code))) {
        op.lastError = `${res.status} ${message}`;
        // A limit answers when to come back (Retry-After, seconds); the web app's user waits as long.
        if (res.status === 429) await sleep(Math.min(Math.max(res.retryAfter, 2), 30) * 1000);
        continue;
      }
      op.status = res.status;
      op.body = res.body;
      op.outcome = res.status === 200 ? 'acknowledged' : `answered ${res.status}`;
      return op;
    }
    op.outcome = 'gave up';
    return op;
  }

  record(kind, extra = {}) {
    const op = { kind, ...extra };
    this.ops.push(op);
    return op;
  }

  async findOrderByMarker(marker) {
    const res = await this.call('GET', `/api/order?keyword=${encodeURIComponent(marker)}`, { token: this.agencyToken });
    if (res.status !== 200) throw new Error(`order search answered ${res.status}`);
    return res.body.data[0]?.id ?? null;
  }

  async adminCredit() {
    const description = this.marker('credit');
    const balance = 20 + Math.floor(this.random() * 40);
    const op = this.record('admin credit', { marker: description, cents: balance * 100 });
    const json = { paymentInfo: { balanceByAdmin: true, agency: this.agencyId, balance, description } };
    await this.operate(op, (key) => this.call('POST', '/api/billing/addBalance', { token: this.adminToken, json, key }), { idempotent: true });
  }

  async cardTopUp() {
    const description = this.marker('topup');
    const balance = 10 + Math.floor(this.random() * 40);
    const op = this.record('card top-up', { marker: description, cents: balance * 100 });
    const json = { paymentInfo: { ...card('Chaos Agency'), balance, description } };
    await this.operate(op, (key) => this.call('POST', '/api/billing/addBalance', { token: this.agencyToken, json, key }), { idempotent: true });
  }

  async createOrder() {
    const titles = [this.marker('order')];
    if (this.random() < 0.4) titles.push(this.marker('order'));
    const op = this.record('order create', { titles });
    const json = { articlesData: titles.map(orderItemOf) };
    await this.operate(op, (key) => this.call('POST', '/api/order/create', { token: this.agencyToken, json, key }), {
      lookup: () => this.findOrderByMarker(titles[0]),
    });
    if (op.status === 200) op.orderId = op.body.order.id;
    return op.orderId ?? null;
  }

  async bulkImport() {
    const titles = [this.marker('bulk'), this.marker('bulk'), this.marker('bulk')];
    const op = this.record('bulk import', { titles });
    const file = await this.sheet(titles);
    const form = () => {
      const data = new FormData();
      data.append('order_type', 'Blog Post');
      data.append('file', new Blob([file], { type: XLSX }), 'chaos.xlsx');
      return data;
    };
    const send = (key) => {
      this.bulkSends.push(Date.now());
      return this.call('POST', '/api/order/bulk', { token: this.agencyToken, form, key });
    };
    await this.operate(op, send, {
      lookup: () => this.findOrderByMarker(titles[0]),
    });
    if (op.status === 200) op.orderId = op.body.order.id;
    return op.orderId ?? null;
  }

  async pay(orderId) {
    const byCard = this.random() < 0.5;
    const op = this.record(byCard ? 'order pay (card)' : 'order pay (wallet)', { orderId });
    const json = {
      paymentInfo: byCard
        ? { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...card('Chaos Agency') }
        : { payment_type: 'Balance', termsAccepted: true, order_id: orderId },
    };
    await this.operate(op, (key) => this.call('POST', '/api/order/pay', { token: this.agencyToken, json, key }), { idempotent: true });
    if (op.status === 200) op.paymentId = op.body.payment_id;
  }

  /** One upload at a time (one person at the spreadsheet screen), under the per-minute limit. */
  bulkAllowed() {
    if (this.bulkBusy) return false;
    const since = Date.now() - 60_000;
    this.bulkSends = this.bulkSends.filter((t) => t > since);
    return this.bulkSends.length < BULK_SENDS_PER_MINUTE;
  }

  async worker() {
    while (!this.stopping) {
      const roll = this.random();
      try {
        if (roll < 0.2) await this.adminCredit();
        else if (roll < 0.4) await this.cardTopUp();
        else if (roll < 0.85 || !this.bulkAllowed()) {
          const orderId = await this.createOrder();
          if (orderId) await this.pay(orderId);
        } else {
          this.bulkBusy = true;
          let orderId;
          try {
            orderId = await this.bulkImport();
          } finally {
            this.bulkBusy = false;
          }
          if (orderId && this.random() < 0.5) await this.pay(orderId);
        }
      } catch (err) {
        this.record('client error', { outcome: 'client error', error: String(err?.stack ?? err) });
      }
      await sleep(this.random() * 30);
    }
  }
}

// --- the checks -----------------------------------------------------------------------------------
async function check(query, load) {
  const results = [];
  const verdict = (name, problems, detail = '') => results.push({ name, ok: problems.length === 0, problems, detail });
  const like = `${load.tag}-%`;

  // 1. Every acknowledged operation exactly once, every unacknowledged one at most once.
  const topups = await query(
    `select description, method, count(*)::int as n from payments where kind = 'topup' and description like $1 group by description, method`,
    [like],
  );
  const entries = await query(`select description, count(*)::int as n from wallet_entries where description like $1 group by description`, [like]);
  // A bulk import killed part-way leaves its order hidden since its insert (deleted_at = created_at,
  // never shown, never payable; modules/orders/bulk-orders.service.ts), which housekeeping removes an
  // hour on: not a stored operation, so its items do not count.
  const items = await query(
    `select oi.article_title as title, oi.order_id, (o.deleted_at is not null or oi.deleted_at is not null) as deleted from order_items oi join orders o on o.id = oi.order_id
     where oi.article_title like $1 and not (o.deleted_at is not null and o.deleted_at = o.created_at and o.paid_at is null)`,
    [like],
  );
  const orderPayments = await query(`select id, order_id from payments where kind = 'order'`);
  const paymentsByOrder = new Map();
  for (const row of orderPayments) paymentsByOrder.set(row.order_id, [...(paymentsByOrder.get(row.order_id) ?? []), row.id]);
  const countOf = (rows, key) => new Map(rows.map((row) => [row[key], row.n ?? 1]));
  const topupCount = countOf(topups, 'description');
  const entryCount = countOf(entries, 'description');
  const titleRows = new Map();
  for (const row of items) titleRows.set(row.title, [...(titleRows.get(row.title) ?? []), row]);

  const problems = [];
  let acked = 0;
  let unacked = 0;
  for (const op of load.ops) {
    if (op.kind === 'client error') continue;
    const ack = op.outcome === 'acknowledged';
    if (ack) acked += 1;
    else unacked += 1;
    const expect = (what, n) => {
      if (ack ? n !== 1 : n > 1) problems.push(`${op.kind} ${op.marker ?? op.titles?.[0] ?? `order ${op.orderId}`} (${op.outcome}): ${what} ${n} times`);
    };
    if (op.kind === 'admin credit' || op.kind === 'card top-up') {
      expect('top-up payment', topupCount.get(op.marker) ?? 0);
      expect('ledger entry', entryCount.get(op.marker) ?? 0);
    } else if (op.kind === 'order create' || op.kind === 'bulk import') {
      for (const title of op.titles) {
        const rows = titleRows.get(title) ?? [];
        expect(`item "${title}"`, rows.length);
        if (ack && rows[0] && rows[0].order_id !== op.orderId)
          problems.push(`${op.kind} ${title}: acknowledged as order ${op.orderId}, stored in order ${rows[0].order_id}`);
      }
    } else if (op.kind.startsWith('order pay')) {
      const paid = paymentsByOrder.get(op.orderId) ?? [];
      expect(`payment of order ${op.orderId}`, paid.length);
      if (ack && paid[0] !== op.paymentId)
        problems.push(`${op.kind} of order ${op.orderId}: acknowledged payment ${op.paymentId}, stored ${paid.join(',') || 'none'}`);
    }
  }
  verdict('acknowledged exactly once, others at most once', problems, `${acked} acknowledged, ${unacked} not`);

  // 2. Ledger = cached balance, per agency.
  const wallets = await query(
    `select w.agency_id, w.balance_cents::text as balance, coalesce((select sum(e.amount_cents) from wallet_entries e where e.agency_id = w.agency_id), 0)::text as ledger,
            (select e.balance_after_cents from wallet_entries e where e.agency_id = w.agency_id order by e.position desc limit 1)::text as last_after
       from wallets w`,
  );
  verdict(
    'ledger sum = cached balance, every agency',
    wallets
      .filter((w) => w.balance !== w.ledger || (w.last_after !== null && w.last_after !== w.balance))
      .map((w) => `agency ${w.agency_id}: balance ${w.balance}, ledger ${w.ledger}, last entry's balance_after ${w.last_after}`),
    `${wallets.length} wallets`,
  );

  // 3. Payment attempts all settled; every sandbox charge booked or fully refunded.
  const attempts = await query(`select status, count(*)::int as n from payment_attempts group by status order by status`);
  const unsettled = attempts.filter((a) => a.status === 'pending' || a.status === 'captured');
  verdict(
    'no payment attempt pending or captured',
    unsettled.map((a) => `${a.n} ${a.status}`),
    attempts.map((a) => `${a.n} ${a.status}`).join(', ') || 'none',
  );
  const charges = await query(
    `select c.idempotency_key, c.charge_ref, c.amount_cents::text as amount, c.refunded_cents::text as refunded, a.id as attempt_id, a.status, a.amount_cents::text as attempt_amount,
            p.id as payment_id, p.gateway_ref, p.amount_cents::text as paid
       from sandbox_charges c
       left join payment_attempts a on a.gateway_key = c.idempotency_key
       left join payments p on p.id = a.payment_id`,
  );
  const badCharges = charges.filter((c) => {
    const booked = c.status === 'succeeded' && c.payment_id !== null && c.gateway_ref === c.charge_ref && c.paid === c.amount && c.refunded === '0';
    const refunded = c.refunded === c.amount && c.status !== 'succeeded';
    return !booked && !refunded;
  });
  const refundedCharges = charges.filter((c) => c.refunded === c.amount).length;
  verdict(
    'every sandbox charge booked once or fully refunded',
    badCharges.map(
      (c) =>
        `charge ${c.charge_ref} (${c.amount} cents, refunded ${c.refunded}): attempt ${c.attempt_id ?? 'none'} ${c.status ?? ''}, payment ${c.payment_id ?? 'none'}`,
    ),
    `${charges.length} charges, ${refundedCharges} refunded`,
  );

  // 4. Idempotency keys and order payments.
  const stuck = await query(`select scope, count(*)::int as n from idempotency_keys where status = 'in_progress' group by scope`);
  verdict(
    'no Idempotency-Key stuck in_progress',
    stuck.map((s) => `${s.n} ${s.scope}`),
  );
  const paidOrders = await query(
    `select o.id, o.payment_id, (select count(*)::int from payments p where p.order_id = o.id and p.kind = 'order') as n,
            (select min(p.id) from payments p where p.order_id = o.id and p.kind = 'order') as pid
       from orders o where o.paid_at is not null`,
  );
  const unpaidWithPayment = await query(
    `select p.id, p.order_id from payments p join orders o on o.id = p.order_id where p.kind = 'order' and o.paid_at is null`,
  );
  verdict(
    'every paid order has exactly one order payment',
    [
      ...paidOrders.filter((o) => o.n !== 1 || o.pid !== o.payment_id).map((o) => `order ${o.id}: ${o.n} order payments, orders.payment_id ${o.payment_id}`),
      ...unpaidWithPayment.map((p) => `payment ${p.id}: order ${p.order_id} is not marked paid`),
    ],
    `${paidOrders.length} paid orders`,
  );
  return results;
}

// --- one database ---------------------------------------------------------------------------------
async function chaosRun(label, database) {
  const random = prng(SEED + (label === 'postgres' ? 1 : 0));
  const port = await freePort();
  const dataDir = path.join(workDir, `${label}-data`);
  mkdirSync(dataDir, { recursive: true });
  const server = new Server(label, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    FILE_STORAGE: 'disk',
    FILE_STORAGE_DIR: path.join(dataDir, 'files'),
    DATABASE_URL: database.url,
    PAYMENT_GATEWAY: 'sandbox',
    PAYMENT_LEASE_MS: String(PROFILE.leaseMs),
    PAYMENT_RECONCILE_INTERVAL_MS: String(PROFILE.reconcileMs),
    LOG_LEVEL: 'info',
    SMTP_URL: undefined,
  });
  const tag = `chaos${Date.now().toString(36)}${label[0]}`;
  const load = new Load(server, tag, random);
  const figures = { kills: 0, restartMs: [] };
  const started = performance.now();

  console.log(`\n[${label}] starting the server on 127.0.0.1:${port} (${database.describe})`);
  figures.firstStartMs = await server.start();
  await load.prepare();
  const workers = Array.from({ length: PROFILE.workers }, () => load.worker());
  const phase = () => PROFILE.phaseMs[0] + random() * (PROFILE.phaseMs[1] - PROFILE.phaseMs[0]);
  try {
    for (let kill = 1; kill <= KILLS; kill += 1) {
      await sleep(phase());
      load.setUp(false);
      await server.stop('SIGKILL');
      figures.kills += 1;
      const restart = await server.start();
      figures.restartMs.push(restart);
      load.setUp(true);
      process.stdout.write(`[${label}] kill ${kill}/${KILLS} after ${load.ops.length} operations; healthy again in ${Math.round(restart)} ms\n`);
    }
    // Load on the last server too, then let every client finish its operation (bounded by its deadline).
    await sleep(phase() / 2);
  } finally {
    load.stopping = true;
    load.setUp(true);
  }
  await within(Promise.all(workers), PROFILE.opDeadlineMs * 3);
  // Give reconciliation a lease and a pass to finish anything a client left behind (PostgreSQL:
  // until nothing is unsettled; the embedded database cannot be read while the server holds it).
  if (database.settle) await database.settle(PROFILE.leaseMs + PROFILE.reconcileMs * 2 + 2_000);
  else await sleep(Math.max(0, PROFILE.leaseMs + PROFILE.reconcileMs + 500 - (Date.now() - load.lastSendAt)));
  await server.stop('SIGTERM');

  const results = await database.inspect((query) => check(query, load));
  const reconciled = server.reconciled();
  return { label, database, load, figures, results, reconciled, seconds: (performance.now() - started) / 1000, logFile: server.logFile };
}

async function embedded() {
  return {
    describe: 'embedded PGlite in a DATA_DIR on disk',
    url: undefined,
    /** Opened with PGlite once the server process is gone. */
    async inspect(run) {
      const { PGlite } = await import('@electric-sql/pglite');
      // The extensions the server opens its database with (apps/server/src/db/pglite.ts).
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const client = new PGlite(path.join(workDir, 'embedded-data', 'db'), { extensions: { pg_trgm } });
      try {
        return await run(async (sql, params) => (await client.query(sql, params)).rows);
      } finally {
        await client.close();
      }
    },
  };
}

async function postgres(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  const name = `copydesk_chaos_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  return {
    describe: `PostgreSQL database ${name} on ${url.host}, dropped afterwards`,
    url: url.href,
    /** Waits (bounded) until reconciliation has settled every attempt. */
    async settle(limitMs) {
      const deadline = Date.now() + limitMs;
      const client = await connect();
      try {
        while (Date.now() < deadline) {
          const { rows } = await client.query(`select count(*)::int as n from payment_attempts where status in ('pending', 'captured')`);
          if (rows[0].n === 0) return;
          await sleep(250);
        }
      } finally {
        await client.end();
      }
    },
    async inspect(run) {
      const client = await connect();
      try {
        return await run(async (sql, params) => (await client.query(sql, params)).rows);
      } finally {
        await client.end();
      }
    },
    async drop() {
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

// --- report ---------------------------------------------------------------------------------------
function report(run) {
  const { load, figures, results, reconciled } = run;
  const ops = load.ops.filter((op) => op.kind !== 'client error');
  const by = (predicate) => ops.filter(predicate).length;
  const kinds = [...new Set(ops.map((op) => op.kind))].sort();
  const rows = [];
  const row = (name, value) => rows.push([name, String(value)]);
  const ms = (v) => `${Math.round(v)} ms`;
  row('database', run.database.describe);
  row('seed / length', `${SEED} / ${run.seconds.toFixed(1)} s (${SHORT ? 'short' : 'full'})`);
  row('operations sent', `${ops.length} (${kinds.map((k) => `${by((op) => op.kind === k)} ${k}`).join(', ')}); ${load.sends} HTTP requests`);
  row(
    'acknowledged (200)',
    by((op) => op.outcome === 'acknowledged'),
  );
  row('retried (same key)', `${by((op) => op.retries > 0)} operations, ${ops.reduce((n, op) => n + (op.retries ?? 0), 0)} re-sends`);
  const answered = {};
  for (const op of ops) {
    if (!op.outcome?.startsWith('answered')) continue;
    const what = `${op.outcome} (${op.kind}: "${String(op.body?.message ?? '').slice(0, 60)}")`;
    answered[what] = (answered[what] ?? 0) + 1;
  }
  row(
    'other answers',
    Object.entries(answered)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'none',
  );
  row(
    'found after a lost answer',
    by((op) => op.outcome === 'found after a lost answer'),
  );
  const gaveUp = ops.filter((op) => op.outcome === 'gave up');
  row(
    'gave up (no answer in time)',
    gaveUp.length ? `${gaveUp.length} (${[...new Set(gaveUp.map((op) => op.kind))].join(', ')}; last: ${gaveUp[0].lastError})` : 0,
  );
  const clientErrors = load.ops.filter((op) => op.kind === 'client error');
  if (clientErrors.length) row('client errors', `${clientErrors.length}: ${clientErrors[0].error.split('\n')[0]}`);
  row('kills (SIGKILL)', figures.kills);
  const restarts = figures.restartMs;
  row('first start to healthy', ms(figures.firstStartMs));
  row('restart to first healthy /api/health', restarts.length ? `${restarts.map(ms).join(', ')}; max ${ms(Math.max(...restarts))}` : 'none');
  row(
    'attempts reconciled (server log)',
    `${reconciled.succeeded + reconciled.failed + reconciled.refunded + reconciled.settled_elsewhere} in ${reconciled.passes} passes (${reconciled.succeeded} booked, ${reconciled.failed} failed, ${reconciled.refunded} refunded, ${reconciled.settled_elsewhere} settled elsewhere, ${reconciled.unsettled} left for a later pass)`,
  );
  for (const result of results) row(`${result.ok ? 'PASS' : 'FAIL'}  ${result.name}`, result.detail);
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n=== ${run.label === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'} ===`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  for (const result of results.filter((r) => !r.ok)) {
    console.log(`\n  FAIL ${result.name}:`);
    for (const problem of result.problems.slice(0, 20)) console.log(`    - ${problem}`);
    if (result.problems.length > 20) console.log(`    … and ${result.problems.length - 20} more`);
  }
  // Answers that are no fault of the test's but worth a look: server errors and operations given up.
  const odd = ops.filter(
    (op) => (op.status >= 500 && op.status !== 503) || op.outcome === 'gave up' || (op.outcome?.startsWith('answered') && op.status !== 409),
  );
  for (const op of odd.slice(0, 10))
    console.log(
      `  note: ${op.kind} ${op.marker ?? op.titles?.[0] ?? `order ${op.orderId}`}: ${op.outcome}${op.body ? ` ${JSON.stringify(op.body)}` : ''} after ${op.sends} sends (last trouble: ${op.lastError ?? 'none'})`,
    );
  run.keepLog = odd.length > 0;
  return results.every((r) => r.ok) && clientErrors.length === 0;
}

// --- main -----------------------------------------------------------------------------------------
async function main() {
  console.log(
    `Copydesk crash test (${SHORT ? 'short' : 'full'}): ${KILLS} SIGKILLs per database, ${PROFILE.workers} clients, PAYMENT_LEASE_MS=${PROFILE.leaseMs}, PAYMENT_RECONCILE_INTERVAL_MS=${PROFILE.reconcileMs}, seed ${SEED}`,
  );
  if (ensureServerBundle() !== 0) throw new Error('the server did not build');
  if (dbTemplateMissing()) {
    console.log('Building the database template first (as npm start does)…');
    if (buildDbTemplate() !== 0) console.log('The database template did not build; the first start creates the database the slow way.');
  }
  const targets = [];
  if (ONLY !== 'postgres') targets.push('embedded');
  if (ONLY !== 'embedded') {
    if (DATABASE_URL) targets.push('postgres');
    else if (ONLY === 'postgres') throw new Error('--only=postgres needs CHAOS_DATABASE_URL or --database-url');
    else console.log('(PostgreSQL skipped: set CHAOS_DATABASE_URL=postgres://… or --database-url=… to a role that may CREATE DATABASE)');
  }
  let ok = true;
  for (const target of targets) {
    const database = target === 'embedded' ? await embedded() : await postgres(DATABASE_URL);
    try {
      const run = await chaosRun(target, database);
      const passed = report(run);
      if (!passed) ok = false;
      if (!passed || run.keepLog) {
        keepWorkDir = true;
        const opsFile = path.join(workDir, `${target}-operations.json`);
        writeFileSync(opsFile, JSON.stringify(run.load.ops, null, 1));
        console.log(`\n  server log kept in ${run.logFile}, operations in ${opsFile}`);
      }
    } finally {
      await database.drop?.();
    }
  }
  return ok;
}

const watchdog = setTimeout(
  () => {
    console.error(`\nchaos: still running after ${PROFILE.runLimitMs / 1000} s; stopping`);
    keepWorkDir = true;
    process.exit(1);
  },
  PROFILE.runLimitMs * (ONLY ? 1 : 2),
);
watchdog.unref();

try {
  const ok = await main();
  console.log(ok ? '\nchaos: every check passed' : '\nchaos: FAILED');
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(`\nchaos failed: ${error instanceof Error ? error.stack : error}`);
  keepWorkDir = true;
  process.exitCode = 1;
} finally {
  for (const child of running) killGroup(child);
}
