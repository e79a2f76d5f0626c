import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages } from '@copydesk/shared';
import { payments, walletEntries, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';

/**
 * When an admin deletes an item of a paid order, the agency gets back the item's share of what was
 * actually paid, rounded down to the cent, so the refunds of an order never add up to more than its
 * payment. The case here is one where the share is not a whole number of cents.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function balance(agencyId: number) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.agencyId, agencyId));
  // The ledger and the wallet agree at every step.
  expect(await billingRepository.ledgerSum(t.db, agencyId)).toBe(wallet!.balanceCents);
  return wallet!.balanceCents;
}

const refundRows = (orderId: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')))
    .orderBy(asc(payments.id));
const refundEntries = (orderId: number) =>
  t.db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.orderId, orderId), eq(walletEntries.kind, 'refund')))
    .orderBy(asc(walletEntries.id));

describe('refunding a deleted item of an order paid with a coupon', () => {
  it('rounds the share down to the cent, and the order then returns exactly the rest of the payment', async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 100);

    const coupon = await call(admin, 'POST', '/api/coupon', {
      coupon_code: `ROUNDING${Date.now().toString(36).toUpperCase()}`,
      type: 'fixed',
      amount: '10',
      user_id: '',
      expiry: '2099-12-31',
      limit: '5',
    });
    expect(coupon.statusCode, coupon.body).toBe(201);

    // A 500-word Blog Post is $28.00, with SEO $38.00: $66.00, less the $10.00 coupon = $56.00 paid.
    const orderId = await placeOrder(t.app, agency.token, [
      orderItem({ articleTitle: 'The $28 piece' }),
      orderItem({ articleTitle: 'The $38 piece', addOns: { addOn: 'SEO Optimisation' } }),
    ]);
    const before = await balance(agency.id);
    const paid = await call(agency.token, 'POST', '/api/order/pay', {
      paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_code: coupon.json().data.coupon_code },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')));
    expect(payment).toMatchObject({ subtotalCents: 6600, discountCents: 1000, amountCents: 5600 });
    expect(await balance(agency.id)).toBe(before - 5600);

    const detail = (await call(agency.token, 'GET', `/api/order/getById/${orderId}`)).json();
    const items = detail.content as { id: number; cost: number }[];
    expect(items.map((i) => i.cost).sort()).toEqual([28, 38]);
    const cheapId = items.find((i) => i.cost === 28)!.id;

    // 2800 × 5600 ÷ 6600 = 2375.76 cents: the agency gets 2375 (rounding to nearest or up would give 2376).
    const afterPayment = await balance(agency.id);
    const item = await call(admin, 'DELETE', `/api/content/${cheapId}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json().message).toBe(contentMessages.refunded('$23.75'));
    const [itemRefund] = await refundRows(orderId);
    expect(itemRefund).toMatchObject({ kind: 'refund', subtotalCents: 2375, amountCents: 2375, description: `Refund: item #${cheapId} of order #${orderId}` });
    const [itemEntry] = await refundEntries(orderId);
    expect(itemEntry).toMatchObject({ amountCents: 2375, paymentId: itemRefund!.id });
    expect(await balance(agency.id)).toBe(afterPayment + 2375);

    // The rest of the order returns what is left of the payment: 5600 − 2375 = 3225, not its own
    // rounded share (3800 × 5600 ÷ 6600 = 3224.24).
    const order = await call(admin, 'DELETE', `/api/order/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().message).toBe(contentMessages.refunded('$32.25'));
    const rows = await refundRows(orderId);
    expect(rows.map((r) => r.amountCents)).toEqual([2375, 3225]);
    expect((await refundEntries(orderId)).map((e) => e.amountCents)).toEqual([2375, 3225]);
    expect(await billingRepository.refundedCents(t.db, orderId)).toBe(5600);
    expect(await balance(agency.id)).toBe(before);
  });
});
