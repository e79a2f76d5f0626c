import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orders, payments, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';

/**
 * Races that must never lose or double money. They run on PGlite by default (which serialises
 * transactions) and on real PostgreSQL when TEST_DATABASE_URL is set, where they truly overlap.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

async function freshAgency(dollars: number) {
  const account = await createVerifiedAgency(t.app);
  const token = await loginAs(t.app, account.email, account.password);
  const id = await userIdByEmail(t.db, account.email);
  if (dollars > 0) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(admin),
      payload: { paymentInfo: { balanceByAdmin: true, agency: id, balance: dollars, description: 'Race fund' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { token, id };
}

const payBalance = (token: string, orderId: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/order/pay', headers: { ...bearer(token), ...headers }, payload: { paymentInfo: { payment_type: 'Balance', order_id: orderId, ...extra } } });

describe('concurrent payments', () => {
  it('50 wallet payments against a wallet that covers 20: exactly 20 succeed, nothing overdrawn', async () => {
    const { token, id } = await freshAgency(20 * 28);
    const orderIds: number[] = [];
    for (let i = 0; i < 50; i++) orderIds.push(await placeOrder(t.app, token, [orderItem()]));
    const results = await Promise.all(orderIds.map((orderId) => payBalance(token, orderId)));
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
    const [coupon] = await t.db.insert(coupons).values({ code: `RACE${Date.now()}`, type: 'fixed', amount: 500, expiry: '2999-12-31', usageLimit: 5 }).returning();
    const orderIds: number[] = [];
    for (let i = 0; i < 30; i++) orderIds.push(await placeOrder(t.app, token, [orderItem()]));
    const results = await Promise.all(orderIds.map((orderId) => payBalance(token, orderId, { coupon_id: coupon!.id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id))).toHaveLength(5);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.usedCount).toBe(5);
  }, 60_000);

  it('20 identical requests with one Idempotency-Key charge once', async () => {
    const { token, id } = await freshAgency(100);
    const orderId = await placeOrder(t.app, token, [orderItem()]);
    const results = await Promise.all(Array.from({ length: 20 }, () => payBalance(token, orderId, {}, { 'idempotency-key': `same-${orderId}` })));
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
