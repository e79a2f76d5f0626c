import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, couponDiscountCents, messages, payOrderInfoSchema } from '@copydesk/shared';
import type { Database } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { couponRedemptions, coupons, idempotencyKeys, offerCredits, orders, payments, users, walletEntries, type CouponRow } from '../../db/schema/index.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';
import { appliedCoupon } from '../coupons/coupon-rules.js';
import { billingRepository } from './billing.repository.js';
import { payOrder } from './payments.service.js';

/**
 * A wallet payment's money step is one call of the booking routine `book_order_payment` (migration
 * 0017): one round trip inside its transaction, whatever the payment touches.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // A low offer threshold, so the first paid order also grants the credit.
  t = await createTestApp({ OFFER_THRESHOLD: '25', OFFER_CREDIT: '5' });
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

async function freshAgency(dollars: number) {
  const { token, id } = await fundedAgency(t.app, t.db, admin, dollars);
  const [actor] = await t.db.select().from(users).where(eq(users.id, id));
  return { token, id, actor: actor! };
}

/** The test's database with every statement drizzle sends written down, and its transactions counted. */
function recordingDatabase() {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (t.db as unknown as { $client: unknown }).$client;
  const db = (t.kind === 'postgres'
    ? drizzleNodePostgres(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
  let transactions = 0;
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<Database['transaction']>) => {
    transactions += 1;
    return transaction(...args);
  }) as Database['transaction'];
  // node-postgres sends the transaction's begin and commit as statements; PGlite does not log them.
  return { db, statements: () => statements.filter((s) => !/^(begin|commit)$/i.test(s.trim())), transactions: () => transactions };
}

const makeCoupon = async (values: Partial<typeof coupons.$inferInsert>) => {
  const [row] = await t.db
    .insert(coupons)
    .values({ code: `W${Math.random().toString(36).slice(2, 10)}`, type: 'fixed', amount: 500, expiry: '2999-12-31', usageLimit: 10, ...values })
    .returning();
  return row!;
};

describe('a wallet payment', () => {
  it('books the order, the coupon, the debit and the offer credit in one statement', async () => {
    const agency = await freshAgency(100);
    const orderId = await placeOrder(t.app, agency.token, [orderItem()]);
    const coupon = await makeCoupon({ amount: 300 });
    const recording = recordingDatabase();
    const info = payOrderInfoSchema.parse({ payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_code: ` ${coupon.code.toUpperCase()} ` });
    const answer = await payOrder({ ...t.ctx, db: recording.db }, agency.actor, { info, idempotencyKey: 'one-statement' });

    // No Idempotency-Key: no answer to store, so not even a BEGIN and COMMIT around the call; the
    // agency has no webhook endpoint for its events (asked first, docs/decisions/0044-webhooks.md).
    expect(recording.statements()).toEqual([
      expect.stringMatching(/^select "id" from "webhook_endpoints"/),
      expect.stringMatching(/^\s*select .* from book_order_payment\(/s),
    ]);
    expect(recording.transactions()).toBe(0);
    expect(answer).toEqual({ message: billingMessages.paid, payment_id: expect.any(Number), offer_message: billingMessages.offerGranted('$5') });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, (answer as { payment_id: number }).payment_id));
    expect(payment).toMatchObject({
      orderId,
      method: 'Balance',
      subtotalCents: 2800,
      discountCents: 300,
      amountCents: 2500,
      couponId: coupon.id,
      invoiceNumber: expect.stringMatching(/^CD-/),
    });
    const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment!.id)).orderBy(walletEntries.id);
    expect(entries).toMatchObject([
      { kind: 'order_payment', amountCents: -2500, orderId, actorId: agency.id, description: `Order Payment #${orderId}` },
      { kind: 'offer_credit', amountCents: 500, actorId: agency.id, description: 'Offer credit: paid orders reached 25.00' },
    ]);
    expect(await billingRepository.balanceOf(t.db, agency.id)).toBe(10000 - 2500 + 500);
    expect(await billingRepository.ledgerSum(t.db, agency.id)).toBe(10000 - 2500 + 500);
    expect(await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id))).toMatchObject([{ paymentId: payment!.id, amountCents: 500 }]);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toMatchObject([
      { orderId, paymentId: payment!.id, discountCents: 300 },
    ]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentId: payment!.id, paidAt: expect.any(Date) });
  });

  it('stores the answer under an Idempotency-Key in the same transaction as the booking', async () => {
    const agency = await freshAgency(100);
    const orderId = await placeOrder(t.app, agency.token, [orderItem()]);
    const recording = recordingDatabase();
    const key = `wallet-${orderId}`;
    const stored = await withIdempotency(recording.db, { userId: agency.id, scope: 'order.pay', key, body: { orderId } }, (finish) =>
      payOrder({ ...t.ctx, db: recording.db }, agency.actor, {
        info: payOrderInfoSchema.parse({ payment_type: 'Balance', termsAccepted: true, order_id: orderId }),
        idempotencyKey: key,
        finish,
      }),
    );
    expect(stored.body).toMatchObject({ message: billingMessages.paid, payment_id: expect.any(Number) });
    expect(recording.transactions()).toBe(1);
    const booking = recording.statements().findIndex((s) => /book_order_payment\(/.test(s));
    expect(recording.statements()[booking + 1]).toMatch(/^update "idempotency_keys"/);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ status: 'done', responseStatus: 200, responseBody: stored.body });
  });

  it('lets a coupon that covers the whole order pay it from an empty wallet, with no ledger entry', async () => {
    const agency = await freshAgency(0);
    const orderId = await placeOrder(t.app, agency.token, [orderItem()]);
    const coupon = await makeCoupon({ type: 'percentage', amount: 10000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: bearer(agency.token),
      payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_id: coupon.id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, res.json().payment_id));
    expect(payment).toMatchObject({ subtotalCents: 2800, discountCents: 2800, amountCents: 0 });
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment!.id))).toEqual([]);
    expect(await billingRepository.balanceOf(t.db, agency.id)).toBe(0);
  });

  it('refuses what the balance does not cover after the coupon, using nothing of the coupon', async () => {
    const agency = await freshAgency(20);
    const orderId = await placeOrder(t.app, agency.token, [orderItem()]);
    const coupon = await makeCoupon({ amount: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: bearer(agency.token),
      payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_id: coupon.id } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'wallet.insufficient_funds',
      message: messages.balanceNotEnough,
      errors: { payment_type: [messages.balanceNotEnough] },
    });
    expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(0);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
    expect(await billingRepository.balanceOf(t.db, agency.id)).toBe(2000);
  });
});

// The payment screen previews the discount with couponDiscountCents (packages/shared) before the
// server is asked; the booking routine's coupon_discount_cents decides what is taken. The preview
// must show exactly what will be booked.
describe('coupon_discount_cents', () => {
  it('books the discount the payment screen previews, to the cent, halves included', async () => {
    const coupon = fc.oneof(
      fc.record({ type: fc.constant('fixed' as const), amount: fc.integer({ min: 1, max: 2_000_000_000_000 }) }),
      fc.record({ type: fc.constant('percentage' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
    );
    const subtotal = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 2_000_000_000_000 }));
    const cases = fc.sample(fc.tuple(coupon, subtotal), { numRuns: 3000, seed: 10 }).map(([c, subtotalCents]) => ({ ...c, subtotalCents }));
    // Exact halves of a cent (50 % of 2,801 cents, 12.5 % of 12, 0.01 % of 5,000) and fixed coupons at the total.
    cases.push(
      { type: 'percentage', amount: 5000, subtotalCents: 2801 },
      { type: 'percentage', amount: 1250, subtotalCents: 12 },
      { type: 'percentage', amount: 1, subtotalCents: 5000 },
    );
    cases.push({ type: 'fixed', amount: 2800, subtotalCents: 2800 }, { type: 'fixed', amount: 2799, subtotalCents: 2800 });

    const result = await t.db.execute(sql`
      select c.i, coupon_discount_cents(c.type, c.amount, c.subtotal)::text as discount
      from jsonb_to_recordset(${JSON.stringify(cases.map((c, i) => ({ i, type: c.type, amount: c.amount, subtotal: c.subtotalCents })))}::jsonb)
        as c(i integer, type text, amount bigint, subtotal bigint)
      order by c.i`);
    const fromSql = (result as unknown as { rows: { discount: string | null }[] }).rows.map((r) => (r.discount === null ? null : Number(r.discount)));
    const fromTs = cases.map((c) => couponDiscountCents(appliedCoupon({ id: 0, code: 'X', type: c.type, amount: c.amount } as CouponRow), c.subtotalCents));
    expect(fromSql).toEqual(fromTs);
  });
});
