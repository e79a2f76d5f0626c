#!/usr/bin/env node
// `npm run cluster`: the proof that several instances run as one service (docs/operations-cluster.md).
// Starts a fresh PostgreSQL database, an S3-compatible store (s3rver), an SMTP catcher
// (smtp-server), three Copydesk instances (the bundled server, as `npm start` runs it) with
// FILE_STORAGE=s3, and HAProxy in front of them (round robin). Then, through the balancer only:
//   1. the customer journey: sign-up with the emailed link, an order paid from the wallet and one by
//      card, a .docx delivery, its preview and download from another instance than the one that
//      stored it, a revision, the redelivery, approval, the export, a refund, the inbox, and user
//      management (an associate added, set up from the emailed link, deactivated);
//   2. shared counters: 10 failed sign-ins spread over the instances are throttled as 10, and a
//      per-route rate limit counts across instances;
//   3. automatic approval with the job running on all three at once (short intervals), each item
//      approved once;
//   4. a load of payments, top-ups, orders, deliveries and reads while one instance is killed with
//      SIGKILL and another is stopped with SIGTERM and restarted.
// Then it reads the database and the SMTP catcher and checks: every acknowledged operation present;
// every wallet's ledger sum equal to its balance; every email sent once to the catcher; every
// auto-approval made once; no answer ≥ 500 apart from requests in flight on the killed instance.
// Prints the figures; exits 1 on any failed check.
//
//   npm run cluster                  about 2–3 minutes of load
//   npm run cluster -- --short       the CI form (well under 3 minutes)
//   options: --database-url=postgres://…   (default CLUSTER_DATABASE_URL, TEST_DATABASE_URL, or the local CI role)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './lib/free-port.mjs';
import { ClusterClient } from './lib/cluster-client.mjs';
import { createDatabase, startBalancer, startS3, startSmtp } from './lib/cluster-services.mjs';
import { ensureServerBundle, repoRoot, serverBundle } from './lib/web-build.mjs';
import { card, orderItem } from './lib/load-payloads.mjs';

const orderItemOf = (title) => orderItem(title, { project: 'Cluster blog', about: 'We run on three instances', audience: 'Operators' });

// --- options --------------------------------------------------------------------------------------
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const unknown = args.filter((a) => !/^--(short|database-url=.+)$/.test(a));
if (unknown.length) {
  console.error(`cluster: unknown option(s) ${unknown.join(' ')}\nusage: npm run cluster -- [--short] [--database-url=postgres://…]`);
  process.exit(2);
}
const SHORT = args.includes('--short');
const PROFILE = SHORT ? { loadMs: 24_000, workers: 5, autoApprovals: 6 } : { loadMs: 90_000, workers: 8, autoApprovals: 12 };
const ADMIN_URL =
  option('database-url') ??
  process.env.CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://copydesk_ci:copydesk-ci@localhost:5432/copydesk_test';
const INSTANCES = 3;
const HEALTH_TIMEOUT_MS = 90_000;
const DEMO_PASSWORD = 'demopass123';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const AUTO_APPROVE_DAYS = 4;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const workDir = mkdtempSync(path.join(tmpdir(), 'copydesk-cluster-'));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[cluster +${elapsed()}] ${line}`);

// --- the checks' record ---------------------------------------------------------------------------
const results = [];
function verdict(name, problems, detail = '') {
  results.push({ name, ok: problems.length === 0, problems, detail });
}
/** Problems of the journey, each a failed expectation. */
const journeyProblems = [];
function expectThat(ok, what) {
  if (!ok) journeyProblems.push(what);
  return ok;
}
const statusIs = (res, status, what) =>
  expectThat(
    res.status === status,
    `${what}: expected ${status}, got ${res.status} ${typeof res.body === 'object' ? JSON.stringify(res.body)?.slice(0, 200) : ''}`,
  );

// --- the instances --------------------------------------------------------------------------------
const children = new Set();
class Instance {
  constructor(name, env) {
    this.name = name;
    this.env = env;
    this.port = Number(env.PORT);
    this.logFile = path.join(workDir, `${name}.log`);
    this.child = null;
  }

  async start() {
    const fd = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, ...this.env },
    });
    closeSync(fd);
    this.child = child;
    children.add(child);
    child.once('exit', () => children.delete(child));
    const from = performance.now();
    while (performance.now() - from < HEALTH_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/api/health/ready`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - from;
      } catch {
        // not up yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} did not become ready:\n${readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
  }

  /** SIGKILL: gone at once, requests in flight lost. SIGTERM: the graceful close (server.ts). */
  async stop(signal) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode, signal: child?.signalCode };
    const gone = new Promise((resolve) => child.once('exit', (code, sig) => resolve({ code, signal: sig })));
    try {
      process.kill(signal === 'SIGKILL' ? -child.pid : child.pid, signal);
    } catch {
      // already gone
    }
    return gone;
  }

  /** Approved-automatically counts this instance logged (one JSON line per pass that did something). */
  autoApproved() {
    let approved = 0;
    for (const line of readFileSync(this.logFile, 'utf8').split('\n')) {
      if (!line.includes('"automatic approval pass"')) continue;
      try {
        approved += JSON.parse(line).approved ?? 0;
      } catch {
        // not JSON
      }
    }
    return approved;
  }
}

// --- cleanup --------------------------------------------------------------------------------------
const closers = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const close of closers.reverse()) await close().catch((err) => console.error(`cleanup: ${err.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\ncluster: ${signal}, stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

// --- payloads -------------------------------------------------------------------------------------
function docxForm(data, name = 'delivery.docx') {
  return () => {
    const form = new FormData();
    form.append('file', new Blob([data], { type: DOCX }), name);
    return form;
  };
}
let markerCount = 0;
const tag = `cl${Date.now().toString(36)}`;
const marker = (kind) => `${tag}-${kind}${String(++markerCount).padStart(6, '0')}.`;

// --- the journey ----------------------------------------------------------------------------------
async function login(client, email, password = DEMO_PASSWORD) {
  const res = await client.call('POST', '/api/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, id: res.body.user.id };
}

/** GETs `pathname` until an instance other than `notFrom` answers (round robin: the next one does). */
async function fromAnotherInstance(client, pathname, notFrom, options = {}) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const res = await client.call('GET', pathname, options);
    if (res.upstream && res.upstream !== notFrom) return res;
  }
  return null;
}

async function journey(client, smtp, makeDocx, admin) {
  const figures = {};
  // Sign-up, with the link from the email the SMTP catcher received.
  const email = `${tag}.owner@example.org`.toLowerCase();
  const password = 'cluster horse staple';
  const signUp = await client.call('POST', '/api/register', {
    json: {
      sign: {
        name: 'Clara Cluster',
        email,
        company_name: 'Cluster Content Co',
        role_designation: 'Founder',
        contact_number: '+447911123456',
        password,
        confirmPassword: password,
        termsandcondition: true,
        countryCode: 'GB',
      },
    },
  });
  statusIs(signUp, 201, 'sign-up');
  const verify = await smtp.waitFor(email, /https?:\/\/\S+\/api\/email\/verify\/[A-Za-z0-9_-]+/);
  const verified = await client.call('GET', new URL(verify.match).pathname, { redirect: 'manual' });
  expectThat(
    verified.status === 302 && /verified=1/.test(verified.headers.get('location') ?? ''),
    `email verification: ${verified.status} ${verified.headers.get('location')}`,
  );
  const owner = await login(client, email, password);

  // Wallet credit by the admin, then an order paid from the wallet and one by card.
  const credit = await client.call('POST', '/api/billing/addBalance', {
    token: admin.token,
    key: randomBytes(8).toString('hex'),
    json: { paymentInfo: { balanceByAdmin: true, agency: owner.id, balance: 300, description: marker('journey-credit') } },
  });
  statusIs(credit, 200, 'admin credit');
  const createOrder = async (titles) => {
    const res = await client.call('POST', '/api/order/create', { token: owner.token, json: { articlesData: titles.map(orderItemOf) } });
    statusIs(res, 200, 'order create');
    return res.body?.order?.id;
  };
  const walletOrder = await createOrder([marker('journey'), marker('journey')]);
  const walletPay = await client.call('POST', '/api/order/pay', {
    token: owner.token,
    key: randomBytes(8).toString('hex'),
    json: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: walletOrder } },
  });
  statusIs(walletPay, 200, 'wallet payment');
  const cardOrder = await createOrder([marker('journey')]);
  const cardPay = await client.call('POST', '/api/order/pay', {
    token: owner.token,
    key: randomBytes(8).toString('hex'),
    json: { paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: cardOrder, ...card('Cluster Agency') } },
  });
  statusIs(cardPay, 200, 'card payment');
  const detail = await client.call('GET', `/api/order/getById/${walletOrder}`, { token: owner.token });
  const [first, second] = (detail.body?.content ?? []).map((c) => c.id);

  // Delivery through one instance; preview and download from another.
  statusIs(await client.call('POST', `/api/content/${first}/assign`, { token: admin.token, json: {} }), 200, 'assign');
  const v1 = await makeDocx(['# Three instances, one service', 'Delivered through one instance.', 'Read through another.']);
  const delivered = await client.call('POST', `/api/content/${first}/documents`, { token: admin.token, form: docxForm(v1) });
  statusIs(delivered, 200, 'delivery');
  figures.storedBy = delivered.upstream;
  const preview = await fromAnotherInstance(client, `/api/content/${first}/preview`, delivered.upstream, { token: owner.token });
  expectThat(
    preview?.status === 200 && String(preview.body?.html).includes('Three instances, one service'),
    `preview from another instance: ${preview?.status}`,
  );
  figures.previewedBy = preview?.upstream;
  const download = await fromAnotherInstance(client, `/api/content/download/${first}`, delivered.upstream, { token: owner.token, raw: true });
  expectThat(download?.status === 200, `download from another instance: ${download?.status}`);
  if (download?.status === 200) {
    const digest = (buffer) => createHash('sha256').update(buffer).digest('hex');
    expectThat(digest(download.body) === digest(v1), 'the downloaded document is the uploaded one, byte for byte');
  }
  figures.downloadedBy = download?.upstream;

  // Revision, redelivery, approval.
  const revision = await client.call('POST', `/api/content/revision/${first}`, {
    token: owner.token,
    json: { reason: 'Grammar', detailedReason: 'Tighten the second paragraph.', linkagent_id: admin.id },
  });
  statusIs(revision, 200, 'revision request');
  statusIs(await client.call('POST', `/api/content/${first}/assign`, { token: admin.token, json: {} }), 200, 'assign for the revision');
  const v2 = await client.call('POST', `/api/content/${first}/documents`, {
    token: admin.token,
    form: docxForm(await makeDocx(['# Three instances, one service', 'Revised on the cluster.'])),
  });
  statusIs(v2, 200, 'redelivery');
  expectThat(v2.body?.document?.version === 2, `redelivery is version 2 (got ${v2.body?.document?.version})`);
  statusIs(await client.call('POST', `/api/content/approved/${first}`, { token: owner.token, json: { id: first } }), 200, 'approval');

  // Export of the order, a refund of its other item (an admin deletes it), the wallet after both.
  const exported = await client.call('GET', `/api/order/${walletOrder}/export`, { token: owner.token, raw: true });
  expectThat(exported.status === 200 && exported.body?.subarray(0, 2).toString() === 'PK', `export is a zip: ${exported.status}`);
  const before = await client.call('GET', `/api/billing/getAvailableBalance/${owner.id}`, { token: owner.token });
  const refund = await client.call('DELETE', `/api/content/${second}`, { token: admin.token });
  statusIs(refund, 200, 'refund (item deleted by an admin)');
  const after = await client.call('GET', `/api/billing/getAvailableBalance/${owner.id}`, { token: owner.token });
  expectThat(JSON.stringify(after.body) !== JSON.stringify(before.body), 'the refund moved the wallet balance');

  // The inbox: the customer writes about the order, the admin sees it and replies, the customer has it unread.
  const thread = await client.call('POST', '/api/message', {
    token: owner.token,
    json: { subject: `Cluster question ${tag}`, message: 'Which instance answers this?', order_id: walletOrder },
  });
  expectThat(thread.status === 200 || thread.status === 201, `new thread: ${thread.status} ${JSON.stringify(thread.body)?.slice(0, 200)}`);
  const threadId = thread.body?.thread?.id ?? thread.body?.id;
  const threads = await client.call('GET', '/api/message?limit=50', { token: admin.token });
  expectThat(
    (threads.body?.data ?? []).some((t) => t.id === threadId),
    'the admin sees the thread',
  );
  const reply = await client.call('POST', `/api/message/${threadId}/reply`, { token: admin.token, json: { message: 'Any of the three.' } });
  expectThat(reply.status === 200 || reply.status === 201, `reply: ${reply.status}`);
  const unread = await client.call('GET', '/api/message/unread', { token: owner.token });
  statusIs(unread, 200, 'unread count');

  // User management: an associate added, set up from the emailed link, signed in, deactivated.
  const associateEmail = `${tag}.associate@example.org`.toLowerCase();
  statusIs(
    await client.call('POST', '/api/register', { token: owner.token, json: { sign: { name: 'Ari Associate', email: associateEmail } } }),
    201,
    'associate added',
  );
  const setLink = await smtp.waitFor(associateEmail, /https?:\/\/\S+\/setpassword\/\S+/);
  const setUrl = new URL(setLink.match);
  const associatePassword = 'associate horse staple';
  statusIs(
    await client.call('POST', '/api/password/set', {
      json: { email: associateEmail, token: setUrl.pathname.split('/').pop(), password: associatePassword, password_confirmation: associatePassword },
    }),
    200,
    'associate sets a password',
  );
  const associate = await login(client, associateEmail, associatePassword);
  statusIs(
    await client.call('POST', '/api/user/changeStatus', { token: owner.token, json: { status: 0, userid: associate.id } }),
    200,
    'associate deactivated',
  );
  // Deactivation ends the associate's sessions: the token is no longer one (401).
  const refused = await client.call('GET', '/api/getInfo', { token: associate.token });
  expectThat(refused.status === 401 || refused.status === 403, `a deactivated associate is refused: ${refused.status}`);

  verdict(
    'customer journey through the balancer',
    journeyProblems,
    `${client.log.length} calls; document stored by ${figures.storedBy}, previewed by ${figures.previewedBy}, downloaded by ${figures.downloadedBy}`,
  );
  return { owner, email, password, figures };
}

// --- shared counters ------------------------------------------------------------------------------
async function sharedCounters(client, owner) {
  const problems = [];
  // Sign-in throttle: 10 failures for one account from one address, whichever instance takes them.
  const from = client.log.length;
  for (let n = 0; n < 10; n += 1) {
    const res = await client.call('POST', '/api/login', { json: { email: owner.email, password: `wrong password ${n}` } });
    // A wrong password is a 422 on the form (auth.service.ts), never a 429 before the 11th.
    if (res.status !== 422 && res.status !== 401) problems.push(`failed sign-in ${n + 1} answered ${res.status}`);
  }
  const spread = new Set(client.log.slice(from).map((e) => e.upstream));
  const eleventh = await client.call('POST', '/api/login', { json: { email: owner.email, password: owner.password } });
  if (eleventh.status !== 429) problems.push(`the 11th sign-in (right password) answered ${eleventh.status}, not 429: the instances count failures apart`);
  if (spread.size < INSTANCES) problems.push(`the 10 failures reached only ${[...spread].join(', ')}`);
  verdict('sign-in throttle shared', problems, `10 failures over ${[...spread].sort().join(', ')}; the 11th try answered ${eleventh.status}`);

  // A per-route rate limit (password reset requests: 5 per 15 minutes per address and email).
  const limitProblems = [];
  const nobody = `${tag}.nobody@example.org`;
  const at = client.log.length;
  const statuses = [];
  for (let n = 0; n < 6; n += 1) statuses.push((await client.call('POST', '/api/forgot-password', { json: { email: nobody } })).status);
  const limitSpread = new Set(client.log.slice(at).map((e) => e.upstream));
  if (statuses.slice(0, 5).some((s) => s !== 200)) limitProblems.push(`the first 5 answered ${statuses.slice(0, 5).join(', ')}`);
  if (statuses[5] !== 429) limitProblems.push(`the 6th answered ${statuses[5]}, not 429: the instances count apart`);
  verdict('rate limit shared', limitProblems, `6 password-reset requests over ${[...limitSpread].sort().join(', ')}: ${statuses.join(', ')}`);
}

// --- automatic approval on all three --------------------------------------------------------------
async function autoApprovals(client, db, admin, agency, makeDocx) {
  const items = [];
  const titles = Array.from({ length: PROFILE.autoApprovals }, () => marker('auto'));
  const created = await client.call('POST', '/api/order/create', { token: agency.token, json: { articlesData: titles.map(orderItemOf) } });
  const orderId = created.body?.order?.id;
  const paid = await client.call('POST', '/api/order/pay', {
    token: agency.token,
    key: randomBytes(8).toString('hex'),
    json: { paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...card('Cluster Agency') } },
  });
  if (paid.status !== 200) throw new Error(`auto-approval order payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  const detail = await client.call('GET', `/api/order/getById/${orderId}`, { token: agency.token });
  for (const { id } of detail.body.content) {
    await client.call('POST', `/api/content/${id}/assign`, { token: admin.token, json: {} });
    const res = await client.call('POST', `/api/content/${id}/documents`, { token: admin.token, form: docxForm(await makeDocx([`Auto ${id}`])) });
    if (res.status === 200) items.push(id);
  }
  // In review for longer than AUTO_APPROVE_DAYS: due for the job, which runs every second on each instance.
  const before = Object.fromEntries(instances.map((i) => [i.name, i.autoApproved()]));
  await db.query(`update order_items set review_started_at = now() - interval '${AUTO_APPROVE_DAYS + 1} days' where id = any($1::int[])`, [items]);
  const deadline = Date.now() + 30_000;
  let approved = [];
  while (Date.now() < deadline) {
    approved = await db.query(`select id from order_items where id = any($1::int[]) and status = 'Approved'`, [items]);
    if (approved.length === items.length) break;
    await sleep(250);
  }
  await sleep(2_500); // a few more passes on every instance: none may approve again
  const entries = await db.query(
    `select item_id, count(*)::int as n from activity_logs where item_id = any($1::int[]) and description like 'Approved automatically%' group by item_id`,
    [items],
  );
  const byItem = new Map(entries.map((row) => [row.item_id, row.n]));
  const problems = [];
  if (items.length !== PROFILE.autoApprovals) problems.push(`only ${items.length} of ${PROFILE.autoApprovals} items were delivered`);
  for (const id of items) if (byItem.get(id) !== 1) problems.push(`item ${id}: approved automatically ${byItem.get(id) ?? 0} times`);
  const by = instances.map((i) => `${i.name} ${i.autoApproved() - before[i.name]}`).join(', ');
  verdict('each automatic approval made once', problems, `${approved.length}/${items.length} approved by the job running on ${INSTANCES} instances (${by})`);
}

// --- load with a kill and a restart ---------------------------------------------------------------
async function load(client, db, admin, agency, makeDocx) {
  const ops = [];
  const deliverable = [];
  const delivered = [];
  let stopping = false;
  const findOrder = async (title) => {
    const res = await client.call('GET', `/api/order?keyword=${encodeURIComponent(title)}`, { token: agency.token });
    return res.status === 200 ? (res.body.data[0]?.id ?? null) : undefined;
  };
  const payOrder = async (method) => {
    const titles = [marker('load')];
    const create = await client.operate(
      (key) => client.call('POST', '/api/order/create', { token: agency.token, key, json: { articlesData: titles.map(orderItemOf) } }),
      {
        lookup: () => findOrder(titles[0]),
      },
    );
    const orderId = create.res?.body?.order?.id ?? create.found;
    ops.push({ kind: 'order create', outcome: create.outcome, titles, orderId });
    if (!orderId) return;
    const json = {
      paymentInfo:
        method === 'card'
          ? { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...card('Cluster Agency') }
          : { payment_type: 'Balance', termsAccepted: true, order_id: orderId },
    };
    const pay = await client.operate((key) => client.call('POST', '/api/order/pay', { token: agency.token, key, json }));
    ops.push({ kind: `order pay (${method})`, outcome: pay.outcome, orderId, paymentId: pay.res?.body?.payment_id });
    if (pay.outcome === 'acknowledged') {
      const detail = await client.call('GET', `/api/order/getById/${orderId}`, { token: agency.token });
      for (const item of detail.body?.content ?? []) deliverable.push(item.id);
    }
  };
  const credit = async () => {
    const description = marker('credit');
    const cents = (20 + Math.floor(Math.random() * 40)) * 100;
    const res = await client.operate((key) =>
      client.call('POST', '/api/billing/addBalance', {
        token: admin.token,
        key,
        json: { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: cents / 100, description } },
      }),
    );
    ops.push({ kind: 'admin credit', outcome: res.outcome, marker: description });
  };
  const topUp = async () => {
    const description = marker('topup');
    const res = await client.operate((key) =>
      client.call('POST', '/api/billing/addBalance', {
        token: agency.token,
        key,
        json: { paymentInfo: { ...card('Cluster Agency'), balance: 25, description } },
      }),
    );
    ops.push({ kind: 'card top-up', outcome: res.outcome, marker: description });
  };
  const deliver = async () => {
    const id = deliverable.shift();
    if (!id) return read();
    const status = async () => (await client.call('GET', `/api/content/getStatusById/${id}`, { token: admin.token })).body?.status;
    const assign = await client.operate((key) => client.call('POST', `/api/content/${id}/assign`, { token: admin.token, key, json: {} }), {
      lookup: async () => ((await status()) === 'In Progress' ? true : undefined),
    });
    if (assign.outcome !== 'acknowledged' && assign.outcome !== 'found after a lost answer') {
      ops.push({ kind: 'delivery', outcome: `assign ${assign.outcome}`, itemId: id });
      return;
    }
    const data = await makeDocx([`Load delivery ${id}`, 'Written while instances come and go.']);
    const up = await client.operate((key) => client.call('POST', `/api/content/${id}/documents`, { token: admin.token, key, form: docxForm(data) }), {
      lookup: async () => ((await status()) === 'Pending Review' ? true : undefined),
    });
    ops.push({ kind: 'delivery', outcome: up.outcome, itemId: id, version: up.res?.body?.document?.version });
    if (up.outcome === 'acknowledged') delivered.push(id);
  };
  const read = async () => {
    const pick = Math.random();
    if (pick < 0.4 && delivered.length) {
      const id = delivered[Math.floor(Math.random() * delivered.length)];
      const res = await client.call('GET', `/api/content/${id}/preview`, { token: agency.token });
      ops.push({ kind: 'read', outcome: res.status === 200 ? 'acknowledged' : `answered ${res.status}` });
    } else if (pick < 0.7) {
      const res = await client.call('GET', '/api/order?limit=10', { token: agency.token });
      ops.push({ kind: 'read', outcome: res.status === 200 ? 'acknowledged' : `answered ${res.status}` });
    } else {
      const res = await client.call('GET', '/api/getInfo', { token: agency.token });
      ops.push({ kind: 'read', outcome: res.status === 200 ? 'acknowledged' : `answered ${res.status}` });
    }
  };
  const worker = async () => {
    while (!stopping) {
      const roll = Math.random();
      try {
        if (roll < 0.25) await payOrder('wallet');
        else if (roll < 0.4) await payOrder('card');
        else if (roll < 0.5) await credit();
        else if (roll < 0.55) await topUp();
        else if (roll < 0.75) await deliver();
        else await read();
      } catch (err) {
        ops.push({ kind: 'client error', outcome: 'client error', error: String(err?.stack ?? err) });
      }
    }
  };

  const events = {};
  const workers = Array.from({ length: PROFILE.workers }, () => worker());
  const [, victim, restarted] = instances;
  await sleep(PROFILE.loadMs * 0.3);
  events.killAt = Date.now();
  say(`SIGKILL ${victim.name} under load (${ops.length} operations so far)`);
  await victim.stop('SIGKILL');
  await sleep(PROFILE.loadMs * 0.25);
  events.termAt = Date.now();
  say(`SIGTERM ${restarted.name} under load (${ops.length} operations so far)`);
  const exit = await restarted.stop('SIGTERM');
  events.termExit = exit;
  events.termExitedAfterMs = Date.now() - events.termAt;
  const restartMs = await restarted.start();
  say(`${restarted.name} left with ${exit.code ?? exit.signal} after ${events.termExitedAfterMs} ms, ready again in ${Math.round(restartMs)} ms`);
  await sleep(PROFILE.loadMs * 0.45);
  stopping = true;
  await Promise.race([Promise.all(workers), sleep(120_000)]);
  say(`load done: ${ops.length} operations`);
  // The killed instance comes back too, so the run ends with three.
  const backMs = await victim.start();
  say(`${victim.name} restarted, ready in ${Math.round(backMs)} ms`);
  return { ops, events, victim, restarted };
}

// --- the checks on the database --------------------------------------------------------------------
async function checkOperations(db, ops) {
  const problems = [];
  const like = `${tag}-%`;
  const topups = new Map(
    (await db.query(`select description, count(*)::int as n from payments where kind = 'topup' and description like $1 group by description`, [like])).map(
      (r) => [r.description, r.n],
    ),
  );
  const entries = new Map(
    (await db.query(`select description, count(*)::int as n from wallet_entries where description like $1 group by description`, [like])).map((r) => [
      r.description,
      r.n,
    ]),
  );
  const items = new Map();
  for (const row of await db.query(`select article_title as title, order_id from order_items where article_title like $1`, [like]))
    items.set(row.title, [...(items.get(row.title) ?? []), row]);
  const payments = new Map();
  for (const row of await db.query(`select id, order_id from payments where kind = 'order'`))
    payments.set(row.order_id, [...(payments.get(row.order_id) ?? []), row.id]);
  const documents = new Map();
  for (const row of await db.query(`select item_id, max(version)::int as version, count(*)::int as n from documents group by item_id`))
    documents.set(row.item_id, row);
  let acknowledged = 0;
  let other = 0;
  const refusals = {};
  const kinds = {};
  for (const op of ops) {
    if (op.kind === 'read') continue;
    if (op.kind === 'client error') {
      problems.push(`client error: ${op.error.split('\n')[0]}`);
      continue;
    }
    const ack = op.outcome === 'acknowledged' || op.outcome === 'found after a lost answer';
    kinds[op.kind] = (kinds[op.kind] ?? 0) + (ack ? 1 : 0);
    if (ack) acknowledged += 1;
    else {
      other += 1;
      refusals[`${op.kind} ${op.outcome}`] = (refusals[`${op.kind} ${op.outcome}`] ?? 0) + 1;
    }
    const expect = (what, n) => {
      if (ack ? n !== 1 : n > 1) problems.push(`${op.kind} (${op.outcome}): ${what} ${n} times`);
    };
    if (op.kind === 'admin credit' || op.kind === 'card top-up') {
      expect(`top-up ${op.marker}`, topups.get(op.marker) ?? 0);
      expect(`ledger entry ${op.marker}`, entries.get(op.marker) ?? 0);
    } else if (op.kind === 'order create') {
      for (const title of op.titles) expect(`item ${title}`, (items.get(title) ?? []).length);
    } else if (op.kind.startsWith('order pay')) {
      const paid = payments.get(op.orderId) ?? [];
      expect(`payment of order ${op.orderId}`, paid.length);
      if (op.outcome === 'acknowledged' && paid[0] !== op.paymentId)
        problems.push(`order ${op.orderId}: acknowledged payment ${op.paymentId}, stored ${paid.join(',')}`);
    } else if (op.kind === 'delivery' && ack) {
      const doc = documents.get(op.itemId);
      if (!doc || doc.n !== 1) problems.push(`delivery of item ${op.itemId}: ${doc?.n ?? 0} documents stored`);
    }
  }
  const reads = ops.filter((op) => op.kind === 'read');
  const badReads = reads.filter((op) => op.outcome !== 'acknowledged');
  for (const op of badReads.slice(0, 5)) problems.push(`read ${op.outcome}`);
  verdict(
    'every acknowledged operation present (once)',
    problems,
    `${acknowledged} acknowledged writes (${Object.entries(kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}), ${other} not acknowledged (${Object.entries(refusals)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}), ${reads.length} reads (${badReads.length} not 200)`,
  );
}

async function checkLedgers(db) {
  const wallets = await db.query(
    `select w.agency_id, w.balance_cents::text as balance,
            coalesce((select sum(e.amount_cents) from wallet_entries e where e.agency_id = w.agency_id), 0)::text as ledger
       from wallets w`,
  );
  const problems = wallets.filter((w) => w.balance !== w.ledger).map((w) => `agency ${w.agency_id}: balance ${w.balance}, ledger ${w.ledger}`);
  verdict('ledger sum = balance, every wallet', problems, `${wallets.length} wallets`);
}

async function checkEmails(db, smtp, killedInstanceEvents) {
  // Let the outbox drain: every instance polls it every 500 ms.
  const deadline = Date.now() + 30_000;
  let pending = [];
  while (Date.now() < deadline) {
    pending = await db.query(`select id, lower("to") as "to", subject, locked_until > now() as leased from outbox_emails where sent_at is null`);
    if (pending.every((row) => row.leased)) break;
    await sleep(250);
  }
  await sleep(1_000);
  const sent = await db.query(`select lower("to") as "to", subject from outbox_emails where sent_at is not null`);
  const key = (m) => `${m.to}\u0000${m.subject}`;
  const expected = new Map();
  for (const row of sent) expected.set(key(row), (expected.get(key(row)) ?? 0) + 1);
  const got = new Map();
  for (const mail of smtp.received) got.set(key(mail), (got.get(key(mail)) ?? 0) + 1);
  const problems = [];
  for (const [k, n] of expected)
    if ((got.get(k) ?? 0) !== n) problems.push(`${k.replace('\u0000', ': ')} sent ${n} times by the outbox, received ${got.get(k) ?? 0} times`);
  // An email the killed instance handed to SMTP just before it died is received but not marked sent:
  // its row stays leased to the dead instance (and is sent again when the lease ends). SMTP has no
  // idempotency, so that one crash window is at-least-once; any other unmarked email is a fault.
  const leasedKeys = new Set(pending.filter((row) => row.leased).map(key));
  for (const [k, n] of got)
    if (!expected.has(k) && !(n === 1 && leasedKeys.has(k))) problems.push(`${k.replace('\u0000', ': ')} received ${n} times, not marked sent`);
  const leased = pending.filter((row) => row.leased).length;
  const unsent = pending.length - leased;
  if (unsent) problems.push(`${unsent} emails due and not sent`);
  verdict(
    'each email delivered to the SMTP catcher exactly once',
    problems,
    `${sent.length} sent, ${smtp.received.length} received` +
      (leased ? `; ${leased} still under the lease of the instance killed at +${killedInstanceEvents}, sent once it ends (15 min)` : ''),
  );
}

function checkAnswers(log, events, victim) {
  const killWindow = [events.killAt - 100, events.killAt + 5_000];
  const excused = [];
  const failures = [];
  for (const entry of log) {
    if (entry.status < 500) continue;
    const inWindow = entry.at >= killWindow[0] && entry.at <= killWindow[1];
    if (inWindow && (entry.upstream === victim.name || !entry.upstream)) excused.push(entry);
    else failures.push(entry);
  }
  // A send with no answer at all: HAProxy closes the client's connection when the instance running
  // a POST dies. Only sends in flight when the instance was killed may end that way.
  const lost = log.filter((e) => e.status === 0);
  const lostElsewhere = lost.filter((e) => e.at < killWindow[0] || e.at > killWindow[1]);
  const problems = failures
    .slice(0, 10)
    .map((e) => `${e.method} ${e.path} answered ${e.status} by ${e.upstream ?? 'the balancer'} at +${e.at - events.startAt} ms`);
  if (failures.length > 10) problems.push(`… ${failures.length - 10} more`);
  for (const e of lostElsewhere.slice(0, 10))
    problems.push(`${e.method} ${e.path}: no answer (${e.error}) at +${e.at - events.startAt} ms, not when an instance was killed`);
  const perUpstream = {};
  for (const entry of log) perUpstream[entry.upstream ?? 'balancer'] = (perUpstream[entry.upstream ?? 'balancer'] ?? 0) + 1;
  verdict(
    'no answer ≥ 500 (nor none at all) but for requests in flight on the killed instance',
    problems,
    `${log.length} answers (${Object.entries(perUpstream)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}); ${excused.length} ≥ 500 in flight on the killed ${victim.name}, repeated by the client; ${lost.length} sends in flight there without an answer${lost.length ? ` (${lost.map((e) => `${e.method} ${e.path} ${e.error} at +${e.at - events.startAt} ms`).join('; ')}; sent again)` : ''}`,
  );
}

function checkSpread(log) {
  // Successive requests land on different instances (round robin): in the journey, consecutive answers.
  const answered = log.filter((e) => e.upstream);
  let changes = 0;
  for (let i = 1; i < answered.length; i += 1) if (answered[i].upstream !== answered[i - 1].upstream) changes += 1;
  const share = answered.length > 1 ? changes / (answered.length - 1) : 0;
  const names = new Set(answered.map((e) => e.upstream));
  const problems = [];
  if (names.size !== INSTANCES) problems.push(`only ${[...names].join(', ')} answered`);
  if (share < 0.9) problems.push(`only ${(share * 100).toFixed(0)} % of successive requests changed instance`);
  verdict(
    'successive requests land on different instances',
    problems,
    `${(share * 100).toFixed(0)} % of ${answered.length - 1} successive pairs changed instance`,
  );
}

// --- main -----------------------------------------------------------------------------------------
let instances = [];
async function main() {
  say(`work folder ${workDir}`);
  if (ensureServerBundle() !== 0) throw new Error('the server did not build');
  const { tsImport } = await import('tsx/esm/api');
  const { makeDocx } = await tsImport(pathToFileURL(path.join(repoRoot, 'apps/server/src/test/docx.ts')).href, import.meta.url);

  const db = await createDatabase(ADMIN_URL);
  closers.push(() => db.close());
  say(`PostgreSQL database ${db.name}`);
  const s3 = await startS3(path.join(workDir, 's3'), 'copydesk-cluster');
  closers.push(() => s3.close());
  const smtp = await startSmtp();
  closers.push(() => smtp.close());
  say(`s3rver at ${s3.endpoint}, SMTP catcher at ${smtp.url}`);

  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const appKey = randomBytes(32).toString('base64url');
  for (let n = 1; n <= INSTANCES; n += 1) {
    const port = await freePort();
    const dataDir = path.join(workDir, `i${n}`);
    mkdirSync(dataDir, { recursive: true });
    instances.push(
      new Instance(`i${n}`, {
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(workDir, 'no-web'),
        DATABASE_URL: db.url,
        FILE_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SMTP_URL: smtp.url,
        APP_KEY: appKey,
        PAYMENT_GATEWAY: 'sandbox',
        PAYMENT_LEASE_MS: '3000',
        PAYMENT_RECONCILE_INTERVAL_MS: '2000',
        OUTBOX_INTERVAL_MS: '500',
        AUTO_APPROVE_INTERVAL_MS: '1000',
        AUTO_APPROVE_DAYS: String(AUTO_APPROVE_DAYS),
        SHUTDOWN_GRACE_MS: '10000',
        // HAProxy checks readiness every 400 ms and takes an instance out after 2 failures: a stopping
        // instance keeps serving until then, so no request reaches a closed listener.
        SHUTDOWN_DRAIN_MS: '2000',
        // Three instances, HAProxy, PostgreSQL and the clients share this machine's cores: the
        // overload shedding (503 when the event loop lags 1 s) would measure the machine, not the service.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'info',
      }),
    );
  }
  // The first migrates and seeds the database alone; the other two then start together.
  const firstMs = await instances[0].start();
  const others = await Promise.all(instances.slice(1).map((i) => i.start()));
  say(`instances ${instances.map((i) => `${i.name} :${i.port}`).join(', ')} ready (${Math.round(firstMs)} ms, then ${others.map(Math.round).join(' / ')} ms)`);
  const balancer = await startBalancer({ dir: workDir, port: balancerPort, instances, logFile: path.join(workDir, 'haproxy.log') });
  closers.push(() => balancer.close());
  say(`HAProxy round robin at ${balancer.url}`);

  const health = await (await fetch(`${balancer.url}/api/health`)).json();
  say(`health: ${JSON.stringify(health)}`);
  if (health.kind !== 'postgresql') verdict('health names the database', [`health says ${JSON.stringify(health)}`]);

  const client = new ClusterClient(balancer.url);
  const admin = await login(client, 'admin@example.com');
  const agency = await login(client, 'agency@example.com');

  say('customer journey');
  const journeyResult = await journey(client, smtp, makeDocx, admin);
  checkSpread(client.log);
  say('shared counters');
  await sharedCounters(client, journeyResult);
  say('automatic approval on all three instances');
  await autoApprovals(client, db, admin, agency, makeDocx);

  say(`load for ${PROFILE.loadMs / 1000} s with ${PROFILE.workers} clients: SIGKILL one instance, SIGTERM and restart another`);
  const loadStartIndex = client.log.length;
  const startAt = Date.now();
  const loadResult = await load(client, db, admin, agency, makeDocx);
  loadResult.events.startAt = startAt;
  const termProblems = [];
  if (loadResult.events.termExit.code !== 0)
    termProblems.push(`the SIGTERMed instance left with ${loadResult.events.termExit.code ?? loadResult.events.termExit.signal}`);
  verdict(
    'graceful stop under load',
    termProblems,
    `${loadResult.restarted.name} left with code ${loadResult.events.termExit.code} after ${loadResult.events.termExitedAfterMs} ms`,
  );

  // Reconciliation settles any card attempt a killed request left (lease 3 s, pass every 2 s).
  await sleep(8_000);
  await checkOperations(db, loadResult.ops);
  await checkLedgers(db);
  await checkEmails(db, smtp, `${((loadResult.events.killAt - startAt) / 1000).toFixed(1)} s of load`);
  checkAnswers(client.log, loadResult.events, loadResult.victim);
  say(`load answers: ${client.log.length - loadStartIndex}`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`\ncluster: ${err?.stack ?? err}`);
  verdict('the run completed', [String(err?.message ?? err)]);
}
await cleanup();

console.log(`\nCluster proof (${SHORT ? 'short' : 'full'}, ${INSTANCES} instances behind HAProxy, PostgreSQL, s3rver, SMTP catcher) in ${elapsed()}:`);
for (const result of results) {
  console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.detail ? `: ${result.detail}` : ''}`);
  for (const problem of result.problems.slice(0, 15)) console.log(`         - ${problem}`);
}
if (results.some((r) => !r.ok)) {
  exitCode = 1;
  console.log(`\nFAILED; logs kept in ${workDir}`);
} else {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
