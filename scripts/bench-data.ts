// Data figures for `npm run bench` (issues 3 and 4); prints, asserts nothing.
//   - GET /api/order p50/p95 as the demo agency with 1,000 and with 100,000 orders (target: p95 at
//     100k ≤ 2 × p95 at 1k)
//   - importing a 5,000-row bulk sheet (target ≤ 5 s)
//   - wallet payments: sequential and 20 concurrent clients, payments/s and p95 of POST /api/order/pay
// Runs on the embedded database (a temporary folder) and, with BENCH_DATABASE_URL, on PostgreSQL too.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { BULK_COLUMNS } from '@copydesk/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
/** A kept-alive connection can be reset after a long pause (while seeding); one retry covers it. */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}
/** Both drivers answer raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function seedOrders(db: Database, agencyEmail: string, count: number) {
  // One statement per table: orders of the demo agency with one Blog Post item each.
  await db.execute(sql`
    with agency as (select id from users where email = ${agencyEmail}),
         product as (select p.id as product_id, w.title, w.words, w.price_cents from products p join product_word_counts w on w.product_id = p.id
                     where p.name = 'Blog Post' order by w.sort_order limit 1),
         inserted as (
           insert into orders (user_id, agency_id, total_cents, item_count, created_at)
           select agency.id, agency.id, product.price_cents, 1, now() - (g || ' minutes')::interval
           from generate_series(1, ${count}) g, agency, product
           returning id)
    insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, addon_price_cents, cost_cents,
                             category, article_title, project_name, about_company, target_audience, purpose, writing_tone, publish_medium)
    select inserted.id, product.product_id, 'Blog Post', product.title, product.words, product.price_cents, 0, product.price_cents,
           'Technology', 'Seeded article ' || inserted.id, 'Bench project', 'Bench company', 'Readers', 'Informative', 'Casual', 'Own Website'
    from inserted, product`);
}

async function timeRequests(baseURL: string, token: string, url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await request(`${baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function bulkSheet(rows: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow([...BULK_COLUMNS]);
  const row: Record<string, string> = {
    orderType: 'Blog Post',
    category: 'Technology',
    projectName: 'Bench project',
    aboutCompany: 'Bench company',
    targetAudience: 'Readers',
    wordCount: '500 Words',
    purpose: 'Informative',
    writingTone: 'Casual',
    publishingMedium: 'Own Website',
    keywords: 'one;two;three',
    description: 'A brief that is long enough to look like a real one, with a sentence or two of guidance.',
  };
  for (let i = 0; i < rows; i++) ws.addRow(BULK_COLUMNS.map((k) => (k === 'itemTitle' ? `Bulk item ${i + 1}` : (row[k] ?? null))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-data-'));
  const config = loadConfig({ NODE_ENV: 'development', APP_KEY: randomBytes(32).toString('hex'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', HOST: '127.0.0.1' });
  const handle = await openDatabase({ url: config.databaseUrl, dataDir });
  const app = await buildApp(config, { database: handle });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = async (email: string) =>
    (await (await fetch(`${address}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demopass123' }) })).json()).token as string;
  try {
    console.log(`\n== ${label} (${address})`);
    const agency = await login('agency@example.com');
    const list = '/api/order?page=1&limit=30&sort_column=id&sort_order=desc';
    await seedOrders(handle.db, 'agency@example.com', 1000);
    await timeRequests(address, agency, list, 20);
    const small = await timeRequests(address, agency, list, 200);
    await seedOrders(handle.db, 'agency@example.com', 99_000);
    await handle.db.execute(sql`analyze`);
    await timeRequests(address, agency, list, 20);
    const large = await timeRequests(address, agency, list, 200);
    const filtered = await timeRequests(address, agency, `${list}&status=unpaid&keyword=Seeded`, 50);
    console.log(`GET /api/order   1k orders: p50 ${ms(small.p50)}, p95 ${ms(small.p95)}`);
    console.log(`GET /api/order 100k orders: p50 ${ms(large.p50)}, p95 ${ms(large.p95)}  (p95 ratio ${(large.p95 / small.p95).toFixed(2)}×, target ≤ 2×)`);
    console.log(`GET /api/order 100k orders, status + keyword filters: p50 ${ms(filtered.p50)}, p95 ${ms(filtered.p95)}`);

    const sheet = await bulkSheet(5000);
    const form = new FormData();
    form.append('order_type', 'Blog Post');
    form.append('file', new Blob([sheet]), 'bulk.xlsx');
    const started = performance.now();
    const res = await request(`${address}/api/order/bulk`, { method: 'POST', headers: { authorization: `Bearer ${agency}` }, body: form });
    const body = (await res.json()) as { order?: { id: number }; rejected?: unknown[]; message: string };
    console.log(
      `POST /api/order/bulk 5,000 rows (${(sheet.length / 1024).toFixed(0)} KB): ${((performance.now() - started) / 1000).toFixed(2)} s, status ${res.status}, rejected ${body.rejected?.length ?? '?'} (target ≤ 5 s)`,
    );

    // Wallet payments: a fresh agency with a large balance and one small order per payment.
    const admin = await login('admin@example.com');
    const [{ id: agencyId }] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from users where email = 'agency@example.com'`));
    await request(`${address}/api/billing/addBalance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 900000, description: 'Bench funds' } }),
    });
    const unpaid = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from orders where agency_id = ${agencyId} and paid_at is null order by id limit 1200`));
    const pay = async (orderId: number) => {
      const t0 = performance.now();
      const r = await request(`${address}/api/order/pay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agency}`, 'content-type': 'application/json' },
        body: JSON.stringify({ paymentInfo: { payment_type: 'Balance', order_id: orderId } }),
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`pay answered ${r.status}`);
      return performance.now() - t0;
    };
    const sequential: number[] = [];
    const seqStart = performance.now();
    for (const { id } of unpaid.slice(0, 200)) sequential.push(await pay(id));
    const seqRate = (200 / (performance.now() - seqStart)) * 1000;
    const queue = unpaid.slice(200, 1200).map((o) => o.id);
    const concurrent: number[] = [];
    const conStart = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) concurrent.push(await pay(id));
      }),
    );
    const conRate = (concurrent.length / (performance.now() - conStart)) * 1000;
    const [{ balance, ledger }] = rowsOf<{ balance: number; ledger: string }>(
      await handle.db.execute(sql`select (select balance_cents from wallets where agency_id = ${agencyId}) as balance, (select sum(amount_cents) from wallet_entries where agency_id = ${agencyId}) as ledger`),
    );
    console.log(`POST /api/order/pay, wallet, sequential: ${seqRate.toFixed(0)} payments/s, p95 ${ms(percentile(sequential, 95))}`);
    console.log(`POST /api/order/pay, wallet, 20 concurrent clients: ${conRate.toFixed(0)} payments/s, p95 ${ms(percentile(concurrent, 95))}`);
    console.log(`ledger sum ${ledger} = cached balance ${balance}: ${Number(ledger) === Number(balance) ? 'yes' : 'NO'}`);
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('embedded PGlite', undefined);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', process.env.BENCH_DATABASE_URL);
else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL; the database gets demo data)');
