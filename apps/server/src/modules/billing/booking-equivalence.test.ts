import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, couponRedemptions, coupons, offerCredits, orderItems, orders, payments, walletEntries } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';

/**
 * One booking routine (booking.ts, `book_order_payment` in migration 0017): the same order with the
 * same coupon, paid once from the wallet and once by card, books the same payment, coupon use,
 * offer credit, item release and activity. The only difference is where the money comes from: the
 * wallet payment's ledger debit. Runs on the embedded database in the default `npm test`.
 *
 * The offer threshold is $51 and each order costs $56 (two $28 items): a $5 coupon leaves exactly
 * the threshold (the credit is due), a $5.01 coupon leaves a cent less (it is not).
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ OFFER_THRESHOLD: '51', OFFER_CREDIT: '5' });
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

const ids = (text: string) => text.replace(/#\d+/g, '#N');

/** Pays a new $56 order of a new agency with the coupon, by wallet or by card, and reads what was booked. */
async function payAndRead(method: 'Balance' | 'NewCard', couponId: number) {
  const agency = await fundedAgency(t.app, t.db, admin, method === 'Balance' ? 100 : 0);
  const orderId = await placeOrder(t.app, agency.token, [orderItem(), orderItem({ articleTitle: 'A second post' })]);
  const paymentInfo = { payment_type: method, termsAccepted: true, order_id: orderId, coupon_id: couponId, ...(method === 'NewCard' ? cardPayload() : {}) };
  const res = await t.app.inject({ method: 'POST', url: '/api/order/pay', headers: bearer(agency.token), payload: { paymentInfo } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json();

  const [payment] = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const entries = await t.db
    .select({ kind: walletEntries.kind, amountCents: walletEntries.amountCents, description: walletEntries.description })
    .from(walletEntries)
    .where(and(eq(walletEntries.agencyId, agency.id), eq(walletEntries.paymentId, payment!.id)))
    .orderBy(asc(walletEntries.id));
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const activity = await t.db
    .select({ description: activityLogs.description })
    .from(activityLogs)
    .where(
      inArray(
        activityLogs.itemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(asc(activityLogs.id));
  const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.paymentId, payment!.id));
  const credits = await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id));
  return {
    answer: { message: answer.message, offer_message: answer.offer_message },
    payment: {
      kind: payment!.kind,
      subtotalCents: payment!.subtotalCents,
      discountCents: payment!.discountCents,
      amountCents: payment!.amountCents,
      couponId: payment!.couponId,
      description: ids(payment!.description),
    },
    card: { method: payment!.method, gateway: payment!.gateway, last4: payment!.cardLast4, billingZip: payment!.billingZip },
    paidAt: order!.paidAt,
    ledger: entries.map((e) => ({ ...e, description: ids(e.description) })),
    items: items.map((i) => ({
      status: i.status,
      // The due date is five business days after the payment, whichever way it was paid.
      dueAfterPaymentMs: i.dueAt!.getTime() - order!.paidAt!.getTime(),
    })),
    activity: activity.map((a) => ids(a.description)),
    redemptions: redemptions.map((r) => ({ couponId: r.couponId, discountCents: r.discountCents })),
    credits: credits.map((c) => ({ amountCents: c.amountCents })),
  };
}

async function makeCoupon(amountCents: number) {
  const [row] = await t.db
    .insert(coupons)
    .values({ code: `EQ${Math.random().toString(36).slice(2, 10)}`, type: 'fixed', amount: amountCents, expiry: '2999-12-31', usageLimit: 5 })
    .returning();
  return row!;
}

describe('one booking routine for wallet and card', () => {
  for (const scenario of [
    { name: 'reaching the offer threshold exactly', couponCents: 500, chargeCents: 5100, credited: true },
    { name: 'a cent below the offer threshold', couponCents: 501, chargeCents: 5099, credited: false },
  ]) {
    it(`books the same order the same way, ${scenario.name}`, async () => {
      const coupon = await makeCoupon(scenario.couponCents);
      const wallet = await payAndRead('Balance', coupon.id);
      const card = await payAndRead('NewCard', coupon.id);

      expect(wallet.payment).toEqual({
        kind: 'order',
        subtotalCents: 5600,
        discountCents: scenario.couponCents,
        amountCents: scenario.chargeCents,
        couponId: coupon.id,
        description: 'Order Payment #N',
      });
      expect(card.payment).toEqual(wallet.payment);
      expect(card.answer).toEqual(wallet.answer);
      expect(card.redemptions).toEqual(wallet.redemptions);
      expect(wallet.redemptions).toEqual([{ couponId: coupon.id, discountCents: scenario.couponCents }]);
      const [used] = await t.db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, coupon.id));
      expect(used!.n).toBe(2);

      expect(card.credits).toEqual(wallet.credits);
      expect(wallet.credits).toEqual(scenario.credited ? [{ amountCents: 500 }] : []);
      expect(wallet.answer.offer_message === null).toBe(!scenario.credited);

      // The wallet payment's ledger is the card's plus its own debit of the charge.
      const debit = { kind: 'order_payment', amountCents: -scenario.chargeCents, description: 'Order Payment #N' };
      expect(wallet.ledger).toEqual([debit, ...card.ledger]);
      expect(card.ledger).toEqual(
        scenario.credited ? [{ kind: 'offer_credit', amountCents: 500, description: 'Offer credit: paid orders reached 51.00' }] : [],
      );

      expect(card.items).toEqual(wallet.items);
      expect(wallet.items.map((i) => i.status)).toEqual(['Unassigned', 'Unassigned']);
      expect(card.activity).toEqual(wallet.activity);
      expect(wallet.activity).toEqual(['Paid with order #N (payment #N)', 'Paid with order #N (payment #N)']);

      // Where the money came from is all that differs.
      expect(wallet.card).toEqual({ method: 'Balance', gateway: null, last4: null, billingZip: null });
      expect(card.card).toMatchObject({ method: 'NewCard', gateway: 'sandbox', last4: '4242', billingZip: '94105' });
    });
  }
});
