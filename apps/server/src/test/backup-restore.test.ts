import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { repoRoot } from '../paths.js';
import { backupSocketPath } from '../plugins/backup-channel.js';
import { makeDocx } from './docx.js';
import { bearer } from './harness.js';
import { multipart, orderItem, placeOrder, signInTenants } from './helpers.js';
import { postgresOnly } from './postgres-only.js';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) against a
 * running server under write load: orders placed, paid from the wallet and delivered (a stored
 * .docx each) while the backup is taken. The backup is restored into a new data folder (and, in the
 * PostgreSQL pass, a new database), a server is started on it, and it must hold every order
 * acknowledged before the backup started, a ledger that adds up to each wallet's balance, and a
 * readable file for every document it lists.
 */

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const adminUrl = process.env.TEST_DATABASE_URL;

interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A new, empty PostgreSQL database on the test server (dropped by `drop`). */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `copydesk_b_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

async function startServer(env: Record<string, string>, seed: boolean): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://copydesk.test', ...env });
  const app = await buildApp(config, { seed });
  await app.ready();
  return app;
}

const rows = async <T>(app: App, query: ReturnType<typeof sql>) => (await app.db.execute(query)) as unknown as { rows: T[] };

for (const kind of ['embedded', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !adminUrl)(kind === 'postgres' ? postgresOnly(`backup and restore (${kind})`) : `backup and restore (${kind})`, () => {
    const folders: string[] = [];
    const databases: { drop(): Promise<void> }[] = [];
    const folder = (label: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `copydesk-${label}-`));
      folders.push(dir);
      return dir;
    };
    let sourceEnv: Record<string, string>;
    let targetEnv: Record<string, string>;
    let app: App;

    beforeAll(async () => {
      const source = folder('source');
      const target = folder('target');
      sourceEnv = { DATA_DIR: source, FILE_STORAGE: 'disk' };
      targetEnv = { DATA_DIR: target, FILE_STORAGE: 'disk' };
      if (kind === 'postgres') {
        const [a, b] = [await createDatabase(), await createDatabase()];
        databases.push(a, b);
        sourceEnv.DATABASE_URL = a.url;
        targetEnv.DATABASE_URL = b.url;
      }
      app = await startServer(sourceEnv, true);
    }, 120_000);

    afterAll(async () => {
      await app?.close().catch(() => {});
      for (const db of databases) await db.drop().catch(() => {});
      for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('backs up a server under write load, and the restored copy holds every acknowledged order, a balanced ledger and every document', async () => {
      if (kind === 'embedded') expect(fs.existsSync(backupSocketPath(sourceEnv.DATA_DIR!))).toBe(true);
      const { tok, ids } = await signInTenants(app, app.db);
      const credit = await app.inject({
        method: 'POST',
        url: '/api/billing/addBalance',
        headers: bearer(tok.admin),
        payload: { paymentInfo: { balanceByAdmin: true, agency: ids.agencyA, balance: 50_000, description: 'Backup test credit' } },
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const docx = await makeDocx(['A delivered article, stored as a file the backup must carry.']);

      // Acknowledged operations, each with the moment its answer came.
      const orders: { id: number; at: number }[] = [];
      const documents: { at: number }[] = [];
      let stop = false;
      const worker = async (n: number) => {
        for (let i = 0; !stop; i += 1) {
          const orderId = await placeOrder(app, tok.agencyA, [orderItem({ articleTitle: `Backup ${n}.${i}` })]);
          orders.push({ id: orderId, at: Date.now() });
          const paid = await app.inject({
            method: 'POST',
            url: '/api/order/pay',
            headers: bearer(tok.agencyA),
            payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
          });
          expect(paid.statusCode, paid.body).toBe(200);
          const order = await app.inject({ method: 'GET', url: `/api/order/getById/${orderId}`, headers: bearer(tok.agencyA) });
          const itemId = (order.json().content as { id: number }[])[0]!.id;
          expect((await app.inject({ method: 'POST', url: `/api/content/${itemId}/assign`, headers: bearer(tok.admin), payload: {} })).statusCode).toBe(200);
          const body = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data: docx });
          const delivered = await app.inject({
            method: 'POST',
            url: `/api/content/${itemId}/documents`,
            headers: { ...bearer(tok.admin), ...body.headers },
            payload: body.payload,
          });
          expect(delivered.statusCode, delivered.body).toBeLessThan(300);
          documents.push({ at: Date.now() });
        }
      };
      const load = Promise.all([worker(1), worker(2), worker(3)]);
      try {
        while (documents.length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
        const backupStarted = Date.now();
        const ackedBefore = orders.filter((o) => o.at < backupStarted).map((o) => o.id);
        const file = path.join(folder('backup'), 'copydesk.backup');
        const backup = await runScript('backup', ['--out', file], sourceEnv);
        const backupEnded = Date.now();
        expect(backup.code, backup.stderr + backup.stdout).toBe(0);
        expect(backup.stdout).toContain(kind === 'embedded' ? 'asking it for a consistent dump' : 'Dumping');
        // The server kept taking writes while the backup ran.
        expect(orders.filter((o) => o.at > backupStarted && o.at < backupEnded).length).toBeGreaterThan(0);
        stop = true;
        await load;

        const restore = await runScript('restore', [file], targetEnv);
        expect(restore.code, restore.stderr + restore.stdout).toBe(0);
        // The target now holds data: a second restore is refused without --force.
        const again = await runScript('restore', [file], targetEnv);
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(kind === 'embedded' ? /already holds a database.*--force/s : /is not empty.*--force/s);

        const restored = await startServer(targetEnv, false);
        try {
          const present = new Set(
            (await rows<{ id: number }>(restored, sql`select id from orders where id = any(${`{${ackedBefore.join(',')}}`}::integer[])`)).rows.map((r) =>
              Number(r.id),
            ),
          );
          expect(ackedBefore.filter((id) => !present.has(id))).toEqual([]);
          expect(ackedBefore.length).toBeGreaterThanOrEqual(4);

          const wallets = await rows<{ agency_id: number; balance: string; ledger: string }>(
            restored,
            sql`select w.agency_id, w.balance_cents::text as balance, coalesce((select sum(e.amount_cents) from wallet_entries e where e.agency_id = w.agency_id), 0)::text as ledger from wallets w`,
          );
          expect(wallets.rows.length).toBeGreaterThan(0);
          for (const w of wallets.rows) expect(w.ledger, `wallet of agency ${w.agency_id}`).toBe(w.balance);

          const stored = await rows<{ storage_key: string }>(restored, sql`select storage_key from documents`);
          expect(stored.rows.length).toBeGreaterThanOrEqual(documents.filter((d) => d.at < backupStarted).length);
          for (const { storage_key } of stored.rows) expect(await restored.storage.read(storage_key), storage_key).not.toBeNull();
        } finally {
          await restored.close();
        }
      } finally {
        stop = true;
        await load.catch(() => {});
      }
    }, 240_000);

    it.runIf(kind === 'embedded')(
      'backs up the folder directly when no server runs, and refuses a missing --out',
      async () => {
        await app.close();
        expect(fs.existsSync(backupSocketPath(sourceEnv.DATA_DIR!))).toBe(false);
        const missing = await runScript('backup', [], sourceEnv);
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('--out FILE is required');

        const file = path.join(folder('backup'), 'offline.backup');
        // A postmaster.pid with no server answering: a killed server's, or one without the socket.
        fs.writeFileSync(path.join(sourceEnv.DATA_DIR!, 'db', 'postmaster.pid'), '-42\n');
        const refused = await runScript('backup', ['--out', file], sourceEnv);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/looks in use.*--offline/s);
        expect(fs.existsSync(file)).toBe(false);
        const backup = await runScript('backup', ['--out', file, '--offline'], sourceEnv);
        expect(backup.code, backup.stderr + backup.stdout).toBe(0);
        expect(backup.stdout).toContain('offline, no server running');
        const fresh = folder('fresh');
        const restore = await runScript('restore', [file], { DATA_DIR: fresh, FILE_STORAGE: 'disk' });
        expect(restore.code, restore.stderr + restore.stdout).toBe(0);
        expect(fs.readdirSync(path.join(fresh, 'files')).length).toBeGreaterThan(0);
      },
      120_000,
    );
  });
}
