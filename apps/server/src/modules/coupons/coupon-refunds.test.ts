import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponMessages } from '@copydesk/shared';
import { couponRedemptions, coupons } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';

/**
 * A full refund of an order gives its coupon use back; a partial refund keeps it
 * (docs/decisions/0033-refunds-in-every-figure.md). The history keeps the use, marked refunded.
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
async function ok(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

let serial = 0;
async function newCoupon(fields: { type: 'fixed' | 'percentage'; amount: string; limit: string }) {
  serial += 1;
  const created = await ok(admin, 'POST', '/api/coupon', {
    coupon_code: `BACK${serial}${Date.now().toString(36).toUpperCase()}`,
    user_id: '',
    expiry: '2099-12-31',
    ...fields,
  });
  return created.data as { id: number; coupon_code: string };
}

const payWith = (token: string, orderId: number, code: string) =>
  call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_code: code } });

const usedOf = async (couponId: number) => (await ok(admin, 'GET', `/api/coupon/${couponId}`)).data.used as number;

type HistoryRow = { order_id: number; discount: number; refunded_at: string | null };
const historyOf = async (code: string) =>
  ((await ok(admin, 'GET', `/api/coupon-history?keyword=${code}&limit=100&sort_column=id&sort_order=asc`)).data as HistoryRow[]).map((r) => ({
    order_id: r.order_id,
    discount: r.discount,
    refunded: r.refunded_at !== null,
  }));

describe('coupon uses and refunds', () => {
  it('gives the use back on a full refund, keeps it on a partial one, and keeps both in the history', async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 500);
    const coupon = await newCoupon({ type: 'fixed', amount: '5', limit: '2' });

    const twoItems = await placeOrder(t.app, agency.token, [orderItem(), orderItem({ articleTitle: 'Second piece' })]);
    const oneItem = await placeOrder(t.app, agency.token);
    for (const orderId of [twoItems, oneItem]) expect((await payWith(agency.token, orderId, coupon.coupon_code)).statusCode).toBe(200);
    expect(await usedOf(coupon.id)).toBe(2);
    const third = await placeOrder(t.app, agency.token);
    const usedUp = await payWith(agency.token, third, coupon.coupon_code);
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().errors.coupon).toEqual([couponMessages.usedUp]);

    // A partial refund (one item of the two) keeps the use.
    const items = (await ok(agency.token, 'GET', `/api/order/getById/${twoItems}`)).content as { id: number }[];
    await ok(admin, 'DELETE', `/api/content/${items[0]!.id}`);
    expect(await usedOf(coupon.id)).toBe(2);
    expect((await payWith(agency.token, third, coupon.coupon_code)).statusCode).toBe(422);

    // The full refund of the other order gives its use back: the coupon can be used once more.
    await ok(admin, 'DELETE', `/api/order/${oneItem}`);
    expect(await usedOf(coupon.id)).toBe(1);
    expect(await historyOf(coupon.coupon_code)).toEqual([
      { order_id: twoItems, discount: 5, refunded: false },
      { order_id: oneItem, discount: 5, refunded: true },
    ]);
    expect((await payWith(agency.token, third, coupon.coupon_code)).statusCode).toBe(200);
    expect(await usedOf(coupon.id)).toBe(2);

    // Deleting the partly refunded order refunds the rest of it: now refunded in full, its use comes back too.
    await ok(admin, 'DELETE', `/api/order/${twoItems}`);
    expect(await usedOf(coupon.id)).toBe(1);
    expect(await historyOf(coupon.coupon_code)).toEqual([
      { order_id: twoItems, discount: 5, refunded: true },
      { order_id: oneItem, discount: 5, refunded: true },
      { order_id: third, discount: 5, refunded: false },
    ]);
    // The count and the uses still counted agree.
    const [stored] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    const uses = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(stored!.usedCount).toBe(uses.filter((u) => u.refundedAt === null).length);
  });

  it('gives the use back when the order the coupon paid in whole is deleted, though nothing is refunded', async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 0);
    const coupon = await newCoupon({ type: 'percentage', amount: '100', limit: '1' });
    const orderId = await placeOrder(t.app, agency.token);
    expect((await payWith(agency.token, orderId, coupon.coupon_code)).statusCode).toBe(200);
    expect(await usedOf(coupon.id)).toBe(1);
    await ok(admin, 'DELETE', `/api/order/${orderId}`);
    expect(await usedOf(coupon.id)).toBe(0);
    expect(await historyOf(coupon.coupon_code)).toEqual([{ order_id: orderId, discount: 28, refunded: true }]);
    expect((await ok(agency.token, 'GET', `/api/billing/getAvailableBalance/${agency.id}`)).balance).toBe(0);
  });
});
