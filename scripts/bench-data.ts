// Data figures for `npm run bench` (issues 3 and 4); prints, asserts nothing.
//   - GET /api/order p50/p95 as the demo agency with 1,000 and with 100,000 orders (target: p95 at
//     100k ≤ 2 × p95 at 1k), and of its last page by number (offset) and by cursor (keyset)
//   - importing a 5,000-row bulk sheet (target ≤ 5 s), and GET /api/getInfo p50/p95 while it runs (target p95 < 200 ms)
//   - GET /api/fulfilment p50/p95 as the demo admin with 1,000 and with 100,000 paid items: the default
//     view (open items, oldest due date first, 20 rows), a title search that finds the same three
//     items at both sizes, one that finds 2.5 % of them, and one agency (target: p95 at 100k ≤ 2 × p95
//     at 1k, but for the 2.5 % search, which counts 125 times more at 100k)
//   - POST /api/content/{id}/documents with a 2 MB .docx (about 1,500 words), p50/p95 over 40 uploads
//   - wallet payments: sequential and 20 concurrent clients, payments/s and p95 of POST /api/order/pay
// Runs on the embedded database (a temporary folder) and, with BENCH_DATABASE_URL, on PostgreSQL too.
// BENCH_ONLY=orders stops after the order-list figures, BENCH_ONLY=payments measures only the payments, BENCH_ONLY=bulk only
// the bulk import; BENCH_ORDERS_MAX=1000000 adds the same
// order-list figures at that many orders (seeded after the 100k ones); BENCH_EMBEDDED=0 skips the
// embedded database.
// Every request goes over real HTTP to the app listening on a loopback port. Rows are seeded with SQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { makeDocx } from '../apps/server/src/test/docx.js';
// @ts-expect-error a plain ES module of the bench, without types
import { pgbenchScriptTps } from './lib/bench-ceilings.mjs';
// @ts-expect-error a plain ES module of the bench, without types
import { cpuSpentBetween, mainThreadCpuMs, processesCpuMs } from './lib/cpu-time.mjs';
import { bulkSheet } from './lib/bulk-sheet.js';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * The figures `npm run bench` puts in its table, per database ('embedded', 'postgres'), written as
 * JSON to BENCH_RESULTS_FILE when it is set.
 */
type OrderFigures = Record<string, { p50: number; p95: number; total: number }>;
interface DataResults {
  orders: { count: number; figures: OrderFigures }[];
  /**
   * GET /api/order (the plain first page, 1k orders) with the session's token and with an API key of
   * the same agency, measured in alternating rounds (docs/decisions/0043-api-keys-and-mcp.md).
   */
  apiKey?: { session: { p50: number; p95: number }; key: { p50: number; p95: number } };
  /** The 5,000-row import, and GET /api/getInfo while it runs. */
  bulk?: { seconds: number; getInfoP50: number; getInfoP95: number };
  payments?: {
    sequentialPerSecond: number;
    concurrentPerSecond: number;
    concurrentP95: number;
    spreadPerSecond: number;
    spreadP95: number;
    sqlAlonePerSecond: number | null;
  };
}
const results: Record<string, DataResults> = {};
function writeResults() {
  if (process.env.BENCH_RESULTS_FILE) fs.writeFileSync(process.env.BENCH_RESULTS_FILE, JSON.stringify(results));
}
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
  // In statements of at most 100,000 orders (see seedPaidItems on the per-agency counter row).
  for (let done = 0; done < count; done += 100_000) await seedOrdersChunk(db, agencyEmail, Math.min(100_000, count - done));
}

async function seedOrdersChunk(db: Database, agencyEmail: string, count: number) {
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

/** Agencies besides the demo one, so the fulfilment queue can be filtered by agency. */
const BENCH_AGENCIES = 10;
/** Orders each bench agency pays in the spread payment run: 3,000 payments in all, a few seconds of load. */
const SPREAD_ORDERS_PER_AGENCY = 300;
/** An offer threshold no bench agency reaches, for the SQL-alone payments (no credit to grant). */
const OFFER_NEVER = 1e15;
/** The card and billing arguments of book_order_payment that a wallet payment leaves empty (attempt, expected amounts, card, address). */
const BOOKING_NO_CARD = Array(13).fill('NULL').join(', ');
const QUEUE_STATUSES = ['Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'] as const;
const TITLE_OPENERS = [
  'How to choose',
  'Ten tips for',
  "A beginner's guide to",
  'Why your business needs',
  'The future of',
  'Common mistakes in',
  'What nobody tells you about',
  'A checklist for',
];
const TITLE_TOPICS = [
  'cloud hosting',
  'email marketing',
  'remote teams',
  'solar panels',
  'kayaking',
  'home insurance',
  'vegan baking',
  'payroll software',
  'electric bikes',
  'dental implants',
  'wedding photography',
  'cyber security',
  'indoor plants',
  'mortgage rates',
  'yoga retreats',
  'craft coffee',
  'rental property',
  'data privacy',
  'running shoes',
  'pet nutrition',
  'kitchen remodels',
  'podcast growth',
  'supply chains',
  'language learning',
  'road trips',
  'small business loans',
  'skin care',
  'smart homes',
  'team offsites',
  'retirement savings',
  'hiking boots',
  'customer support',
  'interior lighting',
  'online courses',
  'car leasing',
  'sleep hygiene',
  'brand strategy',
  'freelance pricing',
  'garden design',
  'tax deadlines',
];
/** A word of one topic in 40: a search that matches about 2.5% of the items, so more as they grow. */
const QUEUE_SEARCH = 'kayaking';
/** A topic only three open items have, at every size (planted after the first 1,000 items). */
const QUEUE_SELECTIVE_SEARCH = 'glacier tours';
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

async function seedBenchAgencies(db: Database) {
  await db.execute(sql`
    insert into users (name, email, role, company_name, email_verified_at)
    select 'Bench owner ' || g, 'bench-agency-' || g || '@example.com', 'agency', 'Bench Agency ' || g, now()
    from generate_series(1, ${BENCH_AGENCIES}) g
    on conflict do nothing`);
  return rowsOf<{ id: number }>(await db.execute(sql`select id from users where email like 'bench-agency-%@example.com' order by id`)).map((r) => Number(r.id));
}

/**
 * Paid orders of the bench agencies with one Blog Post item each, as payment leaves them: paid_at
 * set, due_at = paid_at + 5 business days, the item's status spread over the five paid statuses
 * (with a writer, a review clock or an approval time where the server would set one). Numbers
 * `from`..`to` continue the same patterns, so a second call adds older items like the first ones.
 */
async function seedPaidItems(db: Database, from: number, to: number) {
  // In statements of at most 10,000 orders: the orders trigger updates one counter row per agency,
  // and within one statement every update of that row adds a version the next one has to walk.
  for (let start = from; start <= to; start += 10_000) await seedPaidItemsChunk(db, start, Math.min(to, start + 9_999));
}

async function seedPaidItemsChunk(db: Database, from: number, to: number) {
  await db.execute(sql`
    with product as (select p.id as product_id, w.title, w.words, w.price_cents from products p join product_word_counts w on w.product_id = p.id
                     where p.name = 'Blog Post' order by w.sort_order limit 1),
         agency as (select id, (row_number() over (order by id) - 1)::int as k from users where email like 'bench-agency-%@example.com'),
         admin as (select id from users where email = 'admin@example.com'),
         src as (select g, now() - (g || ' minutes')::interval as paid_at from generate_series(${from}::int, ${to}::int) g),
         inserted as (
           insert into orders (user_id, agency_id, total_cents, item_count, paid_at, created_at, updated_at)
           select agency.id, agency.id, product.price_cents, 1, src.paid_at, src.paid_at - interval '2 hours', src.paid_at
           from src join agency on agency.k = src.g % ${BENCH_AGENCIES} cross join product
           returning id, paid_at)
    insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, addon_price_cents, cost_cents,
                             category, article_title, project_name, about_company, target_audience, purpose, writing_tone, publish_medium,
                             status, due_at, linkagent_id, revisions_left, review_started_at, approved_at, created_at, updated_at)
    select i.id, product.product_id, 'Blog Post', product.title, product.words, product.price_cents, 0, product.price_cents,
           'Technology', (${textArray(TITLE_OPENERS)})[1 + i.id % ${TITLE_OPENERS.length}] || ' ' || (${textArray(TITLE_TOPICS)})[1 + (i.id / ${TITLE_OPENERS.length}) % ${TITLE_TOPICS.length}],
           'Bench project', 'Bench company', 'Readers', 'Informative', 'Casual', 'Own Website',
           s.status, add_business_days(i.paid_at, 5), case when s.status = 'Unassigned' then null else admin.id end,
           case when s.status = 'Revision Requested' then 2 else 3 end,
           -- A review clock started an hour ago: the automatic-approval job leaves these items alone.
           case when s.status = 'Pending Review' then now() - interval '1 hour' end,
           case when s.status = 'Approved' then least(now(), i.paid_at + interval '4 days') end,
           i.paid_at - interval '2 hours', i.paid_at
    -- The agency follows the number modulo 10, the status the number divided by 10: independent.
    from inserted i cross join product cross join admin
         cross join lateral (select (${textArray(QUEUE_STATUSES)})[1 + (i.id / ${BENCH_AGENCIES}) % ${QUEUE_STATUSES.length}] as status) s`);
}

/** A Word article of about `words` words (headings every few paragraphs), padded to `totalBytes`. */
async function deliveryDocx(words: number, totalBytes: number) {
  const vocabulary = (
    'the a of to and in for with on that your this is are can more when how what why team customers business plan time ' +
    'content search readers brand growth cost simple clear first best small local online service quality value market ' +
    'product people work results guide step idea question answer choose start build keep measure improve review'
  ).split(' ');
  const paragraphs: string[] = [];
  let count = 0;
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  while (count < words) {
    if (paragraphs.length % 6 === 0) paragraphs.push(`# Part ${paragraphs.length / 6 + 1}: what to know`);
    const sentences: string[] = [];
    for (let s = 0; s < 4 && count < words; s++) {
      const length = Math.min(words - count, 10 + (next() % 11));
      const sentence = Array.from({ length }, () => vocabulary[next() % vocabulary.length]!).join(' ');
      sentences.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
      count += length;
    }
    paragraphs.push(sentences.join(' '));
  }
  const headingWords = paragraphs
    .filter((p) => p.startsWith('# '))
    .reduce(
      (n, p) =>
        n +
        p
          .slice(2)
          .split(/[\s:]+/)
          .filter(Boolean).length,
      0,
    );
  // The padding part's own zip headers are measured with a first build, then taken off.
  const first = await makeDocx({ paragraphs, paddingBytes: totalBytes });
  const file = await makeDocx({ paragraphs, paddingBytes: totalBytes - (first.length - totalBytes) });
  return { file, words: count + headingWords, paragraphs: paragraphs.length };
}

async function timeRequests(baseURL: string, token: string, url: string, n: number) {
  const times = await requestTimes(baseURL, token, url, n);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function requestTimes(baseURL: string, token: string, url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await request(`${baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** BENCH_ONLY=payments: only the wallet-payment figures (and the rows they need). */
const onlyPayments = process.env.BENCH_ONLY === 'payments';
/** BENCH_ONLY=bulk: only the 5,000-row import and GET /api/getInfo while it runs (after the first 1,000 orders). */
const onlyBulk = process.env.BENCH_ONLY === 'bulk';

async function run(label: string, key: 'embedded' | 'postgres', databaseUrl: string | undefined) {
  const mine: DataResults = (results[key] = { orders: [] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-data-'));
  // The embedded database runs on the server's thread, so a slow query reads as event-loop delay:
  // the overload guard (503) is off here, since these figures are latencies, not overload behaviour.
  const config = loadConfig({
    NODE_ENV: 'development',
    APP_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // The key's own limit (600 a minute) would stop the measurement; it is still counted on every call.
    API_KEY_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const handle = await openDatabase({ url: config.databaseUrl, dataDir });
  const app = await buildApp(config, { database: handle });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = async (email: string) =>
    (
      await (
        await fetch(`${address}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'demopass123' }),
        })
      ).json()
    ).token as string;
  try {
    console.log(`\n== ${label} (${address})`);
    const agency = await login('agency@example.com');
    const list = '/api/order?page=1&limit=30&sort_column=id&sort_order=desc';
    // Every seeded item is titled "Seeded article <order id>": `Seeded` matches every order, and
    // `article <id>` of an early order matches more orders the more there are ("article 512" also
    // finds 5120–5129, 51200–51299 …: 1, 111, 1,111 at 1k, 100k, 1M). Three early orders are also
    // about kelp farming, which no other order mentions: the selective keyword finds those three at
    // every size, so its figures show how the search scales rather than how many rows it returns.
    await seedOrders(handle.db, 'agency@example.com', 1000);
    if (!onlyPayments && !onlyBulk) {
      const [{ first }] = rowsOf<{ first: number }>(await handle.db.execute(sql`select min(id) + 500 as first from orders`));
      await handle.db.execute(
        sql`update order_items set article_title = article_title || ' on kelp farming' where order_id in (select id from orders order by id limit 3 offset 200)`,
      );
      const orderViews = {
        plain: { title: '', url: list, runs: 200 },
        selective: { title: ', status + a selective keyword (keyword=kelp farming)', url: `${list}&status=unpaid&keyword=kelp%20farming`, runs: 100 },
        growing: {
          title: `, status + a keyword of growing reach (keyword=article ${first})`,
          url: `${list}&status=unpaid&keyword=article%20${first}`,
          runs: 100,
        },
        everything: { title: ', status + keyword matching every order (keyword=Seeded)', url: `${list}&status=unpaid&keyword=Seeded`, runs: 50 },
      };
      const getList = async (url: string) => {
        const res = await request(`${address}${url}`, { headers: { authorization: `Bearer ${agency}` } });
        const body = (await res.json()) as { data: unknown[]; meta: { total: number; last_page: number; next_cursor: string | null } };
        if (res.status !== 200 || body.data.length === 0) throw new Error(`${url} answered ${res.status} with ${body.data?.length} rows`);
        return body;
      };
      const measureOrders = async () => {
        const out: Record<string, { p50: number; p95: number; total: number }> = {};
        for (const [key, view] of Object.entries(orderViews)) {
          const body = await getList(view.url);
          await timeRequests(address, agency, view.url, 20);
          out[key] = { ...(await timeRequests(address, agency, view.url, view.runs)), total: body.meta.total };
        }
        // The last page, by its number (an offset past every other order) and by the cursor of the
        // page before it (meta.next_cursor), as the orders screen reads it when stepping with Next.
        const { meta } = await getList(list);
        const last = meta.last_page;
        const before = await getList(`${list.replace('page=1', `page=${last - 1}`)}`);
        const deep = {
          deepOffset: list.replace('page=1', `page=${last}`),
          deepCursor: `${list.replace('page=1', `page=${last}`)}&after=${before.meta.next_cursor}`,
        };
        for (const [key, url] of Object.entries(deep)) {
          await getList(url);
          await timeRequests(address, agency, url, 5);
          out[key] = { ...(await timeRequests(address, agency, url, 30)), total: meta.total };
        }
        return out;
      };
      const reportOrders = (label: string, figures: Record<string, { p50: number; p95: number; total: number }>, base?: Record<string, { p95: number }>) => {
        const titles = {
          ...Object.fromEntries(Object.entries(orderViews).map(([key, view]) => [key, view.title])),
          deepOffset: ', last page by its number',
          deepCursor: ', last page after the cursor of the page before',
        };
        for (const [key, title] of Object.entries(titles)) {
          const f = figures[key]!;
          const ratio = base ? `; p95 ratio ${(f.p95 / base[key]!.p95).toFixed(2)}× the 1k figure` : '';
          console.log(`GET /api/order ${label}${title}: p50 ${ms(f.p50)}, p95 ${ms(f.p95)}  (${f.total.toLocaleString('en-US')} matching${ratio})`);
        }
      };
      await handle.db.execute(sql`analyze`);
      const ordersSmall = await measureOrders();
      // The same first page with an API key of the agency beside its session token: rounds of 20
      // alternate between the two, so both meet the same machine (a key's request also counts
      // against its limit and looks its key up instead of the session).
      const created = await request(`${address}/api/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agency}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench' }),
      });
      if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
      const apiKey = ((await created.json()) as { key: string }).key;
      await requestTimes(address, apiKey, list, 20);
      const [bySession, byKey]: number[][] = [[], []];
      for (let round = 0; round < 10; round++) {
        bySession.push(...(await requestTimes(address, agency, list, 20)));
        byKey.push(...(await requestTimes(address, apiKey, list, 20)));
      }
      const figure = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });
      mine.apiKey = { session: figure(bySession), key: figure(byKey) };
      console.log(
        `GET /api/order   1k orders, session vs API key (alternating rounds): p95 ${ms(mine.apiKey.session.p95)} vs ${ms(mine.apiKey.key.p95)} (${((mine.apiKey.key.p95 / mine.apiKey.session.p95 - 1) * 100).toFixed(1)} %; goal ≤ +10 %)`,
      );
      await seedOrders(handle.db, 'agency@example.com', 99_000);
      await handle.db.execute(sql`analyze`);
      const ordersLarge = await measureOrders();
      reportOrders('  1k orders', ordersSmall);
      reportOrders('100k orders', ordersLarge, ordersSmall);
      mine.orders.push({ count: 1_000, figures: ordersSmall }, { count: 100_000, figures: ordersLarge });
      const ordersMax = Number(process.env.BENCH_ORDERS_MAX ?? 0);
      if (ordersMax > 100_000) {
        await seedOrders(handle.db, 'agency@example.com', ordersMax - 100_000);
        await handle.db.execute(sql`analyze`);
        const ordersHuge = await measureOrders();
        reportOrders(`${(ordersMax / 1000).toLocaleString('en-US')}k orders`, ordersHuge, ordersSmall);
        mine.orders.push({ count: ordersMax, figures: ordersHuge });
      }
    }
    if (process.env.BENCH_ONLY === 'orders') return;

    const admin = await login('admin@example.com');
    const benchAgencies = await seedBenchAgencies(handle.db);
    if (!onlyPayments) {
      const sheet = await bulkSheet(5000);
      const form = new FormData();
      form.append('order_type', 'Blog Post');
      form.append('file', new Blob([sheet]), 'bulk.xlsx');
      // GET /api/getInfo as another user, sent every 25 ms while the import runs whether or not the
      // previous one has answered (users do not wait for each other): on the embedded database one
      // connection serves everybody, so these times show how long the import's writes hold other
      // requests (target p95 < 200 ms).
      const infoTimes: number[] = [];
      const asking: Promise<void>[] = [];
      const started = performance.now();
      const imported = request(`${address}/api/order/bulk`, { method: 'POST', headers: { authorization: `Bearer ${agency}` }, body: form });
      const ask = async () => {
        const asked = performance.now();
        const info = await request(`${address}/api/getInfo`, { headers: { authorization: `Bearer ${admin}` } });
        await info.arrayBuffer();
        if (info.status !== 200) throw new Error(`GET /api/getInfo answered ${info.status} during the import`);
        infoTimes.push(performance.now() - asked);
      };
      const timer = setInterval(() => asking.push(ask()), 25);
      await imported.finally(() => clearInterval(timer));
      const res = await imported;
      const body = (await res.json()) as { order?: { id: number }; rejected?: unknown[]; message: string };
      await Promise.all(asking);
      console.log(
        `POST /api/order/bulk 5,000 rows (${(sheet.length / 1024).toFixed(0)} KB): ${((performance.now() - started) / 1000).toFixed(2)} s, status ${res.status}, rejected ${body.rejected?.length ?? '?'} (target ≤ 5 s)`,
      );
      console.log(
        `GET /api/getInfo during that import: ${infoTimes.length} calls, p50 ${ms(percentile(infoTimes, 50))}, p95 ${ms(percentile(infoTimes, 95))}, max ${ms(Math.max(...infoTimes))} (target p95 < 200 ms)`,
      );
      mine.bulk = { seconds: (performance.now() - started) / 1000, getInfoP50: percentile(infoTimes, 50), getInfoP95: percentile(infoTimes, 95) };
      if (process.env.BENCH_ONLY === 'bulk') return;

      // The fulfilment queue as the demo admin: paid items of ten other agencies, 1k and then 100k.
      const queueUrl = '/api/fulfilment?page=1&limit=20';
      const queueViews = {
        default: { title: 'open items, oldest due first', url: queueUrl },
        selective: { title: `search=${QUEUE_SELECTIVE_SEARCH}`, url: `${queueUrl}&search=${encodeURIComponent(QUEUE_SELECTIVE_SEARCH)}` },
        search: { title: `search=${QUEUE_SEARCH}`, url: `${queueUrl}&search=${QUEUE_SEARCH}`, growing: true },
        agency: { title: `agency= one of ${BENCH_AGENCIES} agencies`, url: `${queueUrl}&agency=${benchAgencies[0]}` },
      };
      const measureQueue = async () => {
        const out: Record<string, { p50: number; p95: number; total: number }> = {};
        for (const [key, view] of Object.entries(queueViews)) {
          const res = await request(`${address}${view.url}`, { headers: { authorization: `Bearer ${admin}` } });
          const body = (await res.json()) as { data: unknown[]; meta: { total: number } };
          if (res.status !== 200 || body.data.length === 0) throw new Error(`${view.url} answered ${res.status} with ${body.data?.length} rows`);
          await timeRequests(address, admin, view.url, 20);
          out[key] = { ...(await timeRequests(address, admin, view.url, key === 'default' ? 200 : 100)), total: body.meta.total };
        }
        return out;
      };
      await seedPaidItems(handle.db, 1, 1000);
      await handle.db.execute(
        sql`update order_items set article_title = article_title || ${` on ${QUEUE_SELECTIVE_SEARCH}`} where id in (
              select id from order_items where status in ('Unassigned', 'In Progress') order by id limit 3)`,
      );
      await handle.db.execute(sql`analyze`);
      const queueSmall = await measureQueue();
      await seedPaidItems(handle.db, 1001, 100_000);
      await handle.db.execute(sql`analyze`);
      const queueLarge = await measureQueue();
      for (const [key, view] of Object.entries(queueViews)) {
        const small = queueSmall[key]!;
        const large = queueLarge[key]!;
        const count = (n: number) => n.toLocaleString('en-US');
        // A search whose matches grow with the items has no target: its time follows what it counts.
        const target = 'growing' in view ? 'information: its matches grow with the items' : 'target ≤ 2×';
        console.log(`GET /api/fulfilment   1k paid items, ${view.title}: p50 ${ms(small.p50)}, p95 ${ms(small.p95)}  (${count(small.total)} matching)`);
        console.log(
          `GET /api/fulfilment 100k paid items, ${view.title}: p50 ${ms(large.p50)}, p95 ${ms(large.p95)}  (${count(large.total)} matching; p95 ratio ${(large.p95 / small.p95).toFixed(2)}×, ${target})`,
        );
      }

      // Deliveries: a 2 MB .docx to items In Progress (seeded above), over HTTP as multipart field `file`.
      const UPLOADS = 40;
      const WARM_UPLOADS = 3;
      const docx = await deliveryDocx(1500, 2 * 1024 * 1024);
      const inProgress = rowsOf<{ id: number }>(
        await handle.db.execute(
          sql`select id from order_items where status = 'In Progress' and deleted_at is null order by id desc limit ${UPLOADS + WARM_UPLOADS}`,
        ),
      ).map((r) => Number(r.id));
      const uploadTimes: number[] = [];
      let wordCount = 0;
      for (const [index, itemId] of inProgress.entries()) {
        const upload = new FormData();
        upload.append('file', new Blob([docx.file], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'article.docx');
        const t0 = performance.now();
        const r = await request(`${address}/api/content/${itemId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: upload });
        const answer = (await r.json()) as { document?: { word_count: number }; message?: string };
        const elapsed = performance.now() - t0;
        if (r.status !== 200) throw new Error(`upload to item ${itemId} answered ${r.status}: ${answer.message}`);
        wordCount = answer.document!.word_count;
        if (index >= WARM_UPLOADS) uploadTimes.push(elapsed);
      }
      console.log(
        `POST /api/content/{id}/documents, ${(docx.file.length / 1024 / 1024).toFixed(2)} MB .docx (${wordCount} words, ${docx.paragraphs} paragraphs), ${uploadTimes.length} uploads: p50 ${ms(percentile(uploadTimes, 50))}, p95 ${ms(percentile(uploadTimes, 95))}`,
      );
    }

    // Wallet payments: the demo agency with a large balance and one small order per payment.
    const [{ id: agencyId }] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from users where email = 'agency@example.com'`));
    await request(`${address}/api/billing/addBalance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 900000, description: 'Bench funds' } }),
    });
    const unpaid = rowsOf<{ id: number }>(
      await handle.db.execute(sql`select id from orders where agency_id = ${agencyId} and paid_at is null order by id limit 1200`),
    );
    // Each load runs its clients in a worker thread (scripts/lib/pay-load-worker.mjs), so they do not
    // share the server's event loop.
    const payLoad = (clients: { token: string; orders: number[] }[]) =>
      new Promise<{ times: number[]; perSecond: number }>((resolve, reject) => {
        const worker = new Worker(new URL('./lib/pay-load-worker.mjs', import.meta.url), { workerData: { address, clients } });
        worker.once('message', ({ times, elapsedMs }: { times: number[]; elapsedMs: number }) =>
          resolve({ times, perSecond: (times.length / elapsedMs) * 1000 }),
        );
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`the payment load exited with ${code}`)));
      });
    // What each payment costs in CPU, the server's thread and (on PostgreSQL) the database's
    // backends: a figure that holds on a shared machine, where payments per second move with the load.
    const backendPids = async () =>
      key === 'postgres'
        ? rowsOf<{ pid: number }>(
            await handle.db.execute(
              sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
            ),
          ).map((r) => Number(r.pid))
        : [];
    const costed = async (label: string, clients: { token: string; orders: number[] }[]) => {
      const [serverBefore, dbBefore] = [mainThreadCpuMs() as number | null, processesCpuMs(await backendPids()) as Map<number, number>];
      const load = await payLoad(clients);
      const serverAfter = mainThreadCpuMs() as number | null;
      const dbSpent = cpuSpentBetween(dbBefore, processesCpuMs(await backendPids())) as number;
      if (serverBefore !== null && serverAfter !== null) {
        const perPayment = (spent: number) => `${(spent / load.times.length).toFixed(2)} ms`;
        const db = key === 'postgres' ? `, database backends ${perPayment(dbSpent)}` : '';
        console.log(`POST /api/order/pay, wallet, ${label}: CPU per payment: server thread ${perPayment(serverAfter - serverBefore)}${db}`);
      }
      return load;
    };
    const ids = unpaid.map((o) => Number(o.id));
    const { times: sequential, perSecond: seqRate } = await costed('sequential', [{ token: agency, orders: ids.slice(0, 200) }]);
    // 20 clients taking turns at one queue of the demo agency's orders: one wallet row lock.
    const { times: concurrent, perSecond: conRate } = await costed(
      '20 concurrent clients, one agency',
      Array.from({ length: 20 }, (_, client) => ({ token: agency, orders: ids.slice(200).filter((_, i) => i % 20 === client) })),
    );

    // The same 20 clients paying for the ten bench agencies (two clients each): as TPC-B spreads its
    // clients over ten branches, so the ceiling compares like with like.
    await handle.db.execute(
      sql`update users set password_hash = (select password_hash from users where email = 'agency@example.com') where email like 'bench-agency-%@example.com'`,
    );
    const spread: { token: string; orders: number[] }[] = [];
    for (let n = 1; n <= BENCH_AGENCIES; n += 1) {
      const email = `bench-agency-${n}@example.com`;
      const [{ id: benchAgencyId }] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from users where email = ${email}`));
      await seedOrders(handle.db, email, SPREAD_ORDERS_PER_AGENCY);
      await request(`${address}/api/billing/addBalance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ paymentInfo: { balanceByAdmin: true, agency: benchAgencyId, balance: 900000, description: 'Bench funds' } }),
      });
      const orders = rowsOf<{ id: number }>(
        await handle.db.execute(sql`select id from orders where agency_id = ${benchAgencyId} and paid_at is null order by id`),
      );
      spread.push({ token: await login(email), orders: orders.map((o) => Number(o.id)) });
    }
    const { times: spreadTimes, perSecond: spreadRate } = await costed(
      '20 concurrent clients, ten agencies',
      Array.from({ length: 20 }, (_, client) => {
        const mine = spread[client % spread.length]!;
        return { token: mine.token, orders: mine.orders.filter((_, i) => i % 2 === Math.floor(client / spread.length)) };
      }),
    );
    // The same payments with no application in between: pgbench clients calling the booking's SQL
    // function directly, each transaction taking the next unpaid order of the ten agencies from a
    // queue (PostgreSQL only: the ceiling of what the database does for this very transaction).
    let sqlAlonePerSecond: number | null = null;
    if (key === 'postgres' && databaseUrl) {
      const perAgency: { order: number; agency: number }[][] = [];
      for (let n = 1; n <= BENCH_AGENCIES; n += 1) {
        const email = `bench-agency-${n}@example.com`;
        const [{ id: benchAgencyId }] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from users where email = ${email}`));
        await seedOrders(handle.db, email, SPREAD_ORDERS_PER_AGENCY);
        const orders = rowsOf<{ id: number }>(
          await handle.db.execute(sql`select id from orders where agency_id = ${benchAgencyId} and paid_at is null order by id`),
        );
        perAgency.push(orders.map((o) => ({ order: Number(o.id), agency: Number(benchAgencyId) })));
      }
      // Agencies taking turns down the queue, so the clients at any moment pay for different ones.
      const queued = perAgency[0]!.flatMap((_, i) => perAgency.map((orders) => orders[i]).filter((q) => q !== undefined));
      await handle.db.execute(sql`drop table if exists bench_pay_queue`);
      await handle.db.execute(sql`create table bench_pay_queue (n bigint primary key, order_id integer not null, agency_id integer not null)`);
      await handle.db.execute(sql`
        insert into bench_pay_queue (n, order_id, agency_id)
        select q.n, q.o, q.a
        from jsonb_to_recordset(${JSON.stringify(queued.map((q, i) => ({ n: i + 1, o: q.order, a: q.agency })))}::jsonb) as q(n bigint, o integer, a integer)`);
      await handle.db.execute(sql`drop sequence if exists bench_pay_seq`);
      await handle.db.execute(sql`create sequence bench_pay_seq`);
      const transactions = Math.floor(queued.length / 20);
      sqlAlonePerSecond = pgbenchScriptTps(
        databaseUrl,
        [
          "SELECT q.order_id AS oid, q.agency_id AS aid FROM bench_pay_queue q, (SELECT nextval('bench_pay_seq') AS n) s WHERE q.n = s.n \\gset",
          `SELECT refusal FROM book_order_payment('Balance', :oid, :aid, :aid, :aid, NULL, NULL, NULL, current_date, 'Order Payment', ${OFFER_NEVER}, 0, 'Offer credit', ${BOOKING_NO_CARD}) \\gset`,
          '',
        ].join('\n'),
        { clients: 20, transactions },
      );
      const [{ refused }] = rowsOf<{ refused: number }>(
        await handle.db.execute(sql`select count(*)::int as refused from bench_pay_queue q join orders o on o.id = q.order_id where o.paid_at is null`),
      );
      if (refused > queued.length - transactions * 20) throw new Error(`the SQL-alone payments left ${refused} orders unpaid`);
      await handle.db.execute(sql`drop table bench_pay_queue`);
      await handle.db.execute(sql`drop sequence bench_pay_seq`);
      if (sqlAlonePerSecond !== null)
        console.log(`book_order_payment alone, pgbench, 20 clients over ten agencies: ${sqlAlonePerSecond.toFixed(0)} payments/s`);
    }
    const [{ balance, ledger }] = rowsOf<{ balance: number; ledger: string }>(
      await handle.db.execute(
        sql`select (select balance_cents from wallets where agency_id = ${agencyId}) as balance, (select sum(amount_cents) from wallet_entries where agency_id = ${agencyId}) as ledger`,
      ),
    );
    console.log(`POST /api/order/pay, wallet, sequential: ${seqRate.toFixed(0)} payments/s, p95 ${ms(percentile(sequential, 95))}`);
    console.log(`POST /api/order/pay, wallet, 20 concurrent clients, one agency: ${conRate.toFixed(0)} payments/s, p95 ${ms(percentile(concurrent, 95))}`);
    console.log(
      `POST /api/order/pay, wallet, 20 concurrent clients, ten agencies: ${spreadRate.toFixed(0)} payments/s, p95 ${ms(percentile(spreadTimes, 95))}`,
    );
    console.log(`ledger sum ${ledger} = cached balance ${balance}: ${Number(ledger) === Number(balance) ? 'yes' : 'NO'}`);
    mine.payments = {
      sequentialPerSecond: seqRate,
      concurrentPerSecond: conRate,
      concurrentP95: percentile(concurrent, 95),
      spreadPerSecond: spreadRate,
      spreadP95: percentile(spreadTimes, 95),
      sqlAlonePerSecond,
    };
  } finally {
    writeResults();
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_EMBEDDED !== '0') await run('embedded PGlite', 'embedded', undefined);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 'postgres', process.env.BENCH_DATABASE_URL);
else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL; the database gets demo data)');
