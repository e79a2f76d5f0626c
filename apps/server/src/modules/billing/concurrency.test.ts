import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyOrderStats, couponRedemptions, coupons, offerCredits, orders, payments, wallets } from '../../db/schema/index.js';
import { sqlState } from '../../db/client.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, createVerifiedAgency, fundedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';
import { postgresOnly } from '../../test/postgres-only.js';

/**
 * Races that must never lose or double money. They run in the default `npm test` on the embedded
 * database too, where they check the outcome (no overdraft, the coupon's limit, one charge per key,
 * one offer credit). PGlite runs one transaction at a time, though, so only on real PostgreSQL
 * (TEST_DATABASE_URL, as CI's PostgreSQL pass sets it) do the requests truly race and test the row
 * locks: there each race also checks that its requests held several database connections at once,
 * so a race that stopped overlapping would fail rather than pass. The lock-order test needs
 * PostgreSQL's lock view and runs only there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info(
    'concurrency.test.ts: on the embedded database these races check outcomes only; their row locks are tested in the PostgreSQL pass (TEST_DATABASE_URL).',
  );
}

/** Expects the race to have overlapped in the database (PostgreSQL only: PGlite has one connection). */
const expectOverlap = (peak: number | null) => {
  if (onPostgres) expect(peak).toBeGreaterThan(1);
};

/** Runs `race` and answers, with its result, the most pool connections it held at once (null on PGlite). */
async function racing<T>(app: TestApp, race: () => Promise<T>): Promise<{ result: T; peak: number | null }> {
  if (app.kind !== 'postgres') return { result: await race(), peak: null };
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  let busy = 0;
  let peak = 0;
  const acquired = () => {
    busy += 1;
    peak = Math.max(peak, busy);
  };
  const released = () => {
    busy -= 1;
  };
  pool.on('acquire', acquired);
  pool.on('release', released);
  try {
    return { result: await race(), peak };
  } finally {
    pool.off('acquire', acquired);
    pool.off('release', released);
  }
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

const freshAgency = (dollars: number) => fundedAgency(t.app, t.db, admin, dollars, 'Race fund');

const payBalance = (token: string, orderId: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: { ...bearer(token), ...headers },
    payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, ...extra } },
  });

describe('concurrent payments', () => {
  it('50 wallet payments against a wallet that covers 20: exactly 20 succeed, nothing overdrawn', async () => {
    const { token, id } = await freshAgency(20 * 28);
    const orderIds: number[] = [];
    for (let i = 0; i < 50; i++) orderIds.push(await placeOrder(t.app, token, [orderItem()]));
    const { result: results, peak } = await racing(t, () => Promise.all(orderIds.map((orderId) => payBalance(token, orderId))));
    expectOverlap(peak);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.agencyId, id));
    expect(wallet!.balanceCents).toBe(0);
    expect(await billingRepository.ledgerSum(t.db, id)).toBe(0);
    const paid = await t.db.select().from(payments).where(eq(payments.agencyId, id));
    expect(paid.filter((p) => p.kind === 'order')).toHaveLength(20);
  }, 60_000);

  it('a coupon with limit 5 and 30 concurrent payments is redeemed exactly 5 times', async () => {
    const { token } = await freshAgency(30 * 28);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `RACE${Date.now()}`, type: 'fixed', amount: 500, expiry: '2999-12-31', usageLimit: 5 })
      .returning();
    const orderIds: number[] = [];
    for (let i = 0; i < 30; i++) orderIds.push(await placeOrder(t.app, token, [orderItem()]));
    const { result: results, peak } = await racing(t, () => Promise.all(orderIds.map((orderId) => payBalance(token, orderId, { coupon_id: coupon!.id }))));
    expectOverlap(peak);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id))).toHaveLength(5);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.usedCount).toBe(5);
  }, 60_000);

  it('full refunds giving coupon uses back race 20 payments with the coupon: never over the limit, the count equal to the uses still counted', async () => {
    const { token } = await freshAgency(30 * 28);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `GIVEBACK${Date.now()}`, type: 'fixed', amount: 500, expiry: '2999-12-31', usageLimit: 3 })
      .returning();
    const paidIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const orderId = await placeOrder(t.app, token, [orderItem()]);
      expect((await payBalance(token, orderId, { coupon_id: coupon!.id })).statusCode).toBe(200);
      paidIds.push(orderId);
    }
    const waiting: number[] = [];
    for (let i = 0; i < 20; i++) waiting.push(await placeOrder(t.app, token, [orderItem()]));
    const { result: results, peak } = await racing(t, () =>
      Promise.all([
        ...paidIds.map((orderId) => t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(admin) })),
        ...waiting.map((orderId) => payBalance(token, orderId, { coupon_id: coupon!.id })),
      ]),
    );
    expectOverlap(peak);
    expect(results.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const paid = results.slice(3).filter((r) => r.statusCode === 200).length;
    // Each payment got a use the refunds gave back, or was refused as used up: at most three.
    expect(paid).toBeLessThanOrEqual(3);
    expect(results.slice(3).every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    const uses = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id));
    expect(uses.filter((u) => u.refundedAt !== null)).toHaveLength(3);
    expect(after!.usedCount).toBe(paid);
    expect(uses.filter((u) => u.refundedAt === null)).toHaveLength(paid);
  }, 60_000);

  it('20 identical requests with one Idempotency-Key charge once', async () => {
    const { token, id } = await freshAgency(100);
    const orderId = await placeOrder(t.app, token, [orderItem()]);
    const { result: results, peak } = await racing(t, () =>
      Promise.all(Array.from({ length: 20 }, () => payBalance(token, orderId, {}, { 'idempotency-key': `same-${orderId}` }))),
    );
    expectOverlap(peak);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // The others either replay the first answer or are told the first is still running.
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((r) => r.json().payment_id)).size).toBe(1);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await billingRepository.balanceOf(t.db, id)).toBe(10000 - 2800);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).not.toBeNull();
  }, 60_000);
});

describe('wallet and card payments of one agency racing across the offer threshold', () => {
  // The first paid order grants the offer credit, so every pair below races for it. Before the
  // wallet was locked first, a card payment took the agency's order counters and then the wallet
  // (for the credit) while a wallet payment took them the other way round: on PostgreSQL one of
  // the two was aborted as a deadlock and answered 500.
  let offerApp: TestApp;
  beforeAll(async () => {
    offerApp = await createTestApp({ OFFER_THRESHOLD: '28', OFFER_CREDIT: '5' });
  });
  afterAll(() => offerApp?.close());

  it('16 agencies each pay one order from the wallet and one by card at once: every payment succeeds, one credit each', async () => {
    const adminToken = await loginAs(offerApp.app, demo.admin);
    const agencies = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const account = await createVerifiedAgency(offerApp.app);
        const token = await loginAs(offerApp.app, account.email, account.password);
        const id = await userIdByEmail(offerApp.db, account.email);
        const credit = await offerApp.app.inject({
          method: 'POST',
          url: '/api/billing/addBalance',
          headers: bearer(adminToken),
          payload: { paymentInfo: { balanceByAdmin: true, agency: id, balance: 28, description: 'Race fund' } },
        });
        expect(credit.statusCode, credit.body).toBe(200);
        return { token, id, orders: [await placeOrder(offerApp.app, token), await placeOrder(offerApp.app, token)] };
      }),
    );
    // The card payment goes first (it reaches its booking transaction only after the charge); the
    // wallet payment follows after 0–30 ms, so across the agencies some land inside that window.
    const { result: results, peak } = await racing(offerApp, () =>
      Promise.all(
        agencies.flatMap(({ token, orders: [byWallet, byCard] }, i) => [
          offerApp.app.inject({
            method: 'POST',
            url: '/api/order/pay',
            headers: bearer(token),
            payload: { paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: byCard, ...cardPayload() } },
          }),
          new Promise((resolve) => setTimeout(resolve, 2 * i)).then(() =>
            offerApp.app.inject({
              method: 'POST',
              url: '/api/order/pay',
              headers: bearer(token),
              payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: byWallet } },
            }),
          ),
        ]),
      ),
    );
    expectOverlap(peak);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    for (const agency of agencies) {
      expect(await offerApp.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id))).toHaveLength(1);
      // 28 credited − 28 paid from the wallet + 5 offer credit.
      expect(await billingRepository.balanceOf(offerApp.db, agency.id)).toBe(500);
      expect(await billingRepository.ledgerSum(offerApp.db, agency.id)).toBe(500);
    }
  }, 120_000);

  it.skipIf(!onPostgres)(
    postgresOnly('a card payment that grants the credit waits for the wallet before it touches the agency counters'),
    async () => {
      const account = await createVerifiedAgency(offerApp.app);
      const token = await loginAs(offerApp.app, account.email, account.password);
      const agencyId = await userIdByEmail(offerApp.db, account.email);
      const orderId = await placeOrder(offerApp.app, token);

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // Another payment of the agency holds its wallet (as a wallet payment does between its debit and commit).
      const holder = offerApp.db.transaction(async (tx) => {
        await tx.select().from(wallets).where(eq(wallets.agencyId, agencyId)).for('update');
        held();
        await released;
      });
      await holding;
      const payment = offerApp.app.inject({
        method: 'POST',
        url: '/api/order/pay',
        headers: bearer(token),
        payload: { paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...cardPayload() } },
      });
      // Wait until the card booking is blocked on a lock.
      for (let i = 0; i < 200; i++) {
        const waiting = await offerApp.db.execute(sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        if ((waiting as unknown as { rows: unknown[] }).rows.length) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The counters are free: the booking waits for the wallet first, so a wallet payment holding the
      // wallet can take them and finish. Taking them the other way round was the deadlock.
      let countersFree = true;
      await offerApp.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1 from ${agencyOrderStats} where ${agencyOrderStats.agencyId} = ${agencyId} for update nowait`);
        })
        .catch((err) => {
          if (sqlState(err) !== '55P03') throw err;
          countersFree = false;
        });
      release();
      await holder;
      const res = await payment;
      expect(res.statusCode, res.body).toBe(200);
      expect(countersFree).toBe(true);
      expect(await offerApp.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agencyId))).toHaveLength(1);
    },
    60_000,
  );
});
