import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { orders, payments } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, demo, type TestApp } from '../../test/harness.js';
import { cardPayload, fundedAgency, placeOrder } from '../../test/helpers.js';

/**
 * POST /api/order/pay takes an order's payment only with the terms accepted: `termsAccepted` left
 * out (or null) is refused exactly as an explicit `false` is, with the spec's message, and nothing
 * is charged or booked (payOrderInfoSchema in packages/shared/src/schemas/billing.ts).
 */
let t: TestApp;
let agency: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  agency = await fundedAgency(t.app, t.db, await loginAs(t.app, demo.admin), 500);
});
afterAll(() => t?.close());

const pay = (paymentInfo: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/order/pay', headers: bearer(agency.token), payload: { paymentInfo } });

describe('POST /api/order/pay and the terms', () => {
  it('refuses a payment whose terms are absent, null or false with 422 and the spec’s message, and books nothing', async () => {
    const orderId = await placeOrder(t.app, agency.token);
    const cases: [string, Record<string, unknown>][] = [
      ['absent, wallet', { payment_type: 'Balance', order_id: orderId }],
      ['absent, new card', { payment_type: 'NewCard', order_id: orderId, ...cardPayload() }],
      ['null', { payment_type: 'Balance', order_id: orderId, termsAccepted: null }],
      ['false', { payment_type: 'Balance', order_id: orderId, termsAccepted: false }],
    ];
    for (const [what, info] of cases) {
      const res = await pay(info);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toMatchObject({
        code: 'validation.failed',
        message: messages.acceptTerms,
        errors: { 'paymentInfo.termsAccepted': [messages.acceptTerms] },
      });
    }
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
    expect((await t.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId)))[0]!.paidAt).toBeNull();

    const accepted = await pay({ payment_type: 'Balance', order_id: orderId, termsAccepted: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
