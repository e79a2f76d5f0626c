import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, contentMessages, offerMessages, SPENDING_MONTHS } from '@copydesk/shared';
import { offerCredits, payments, walletEntries } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';

/**
 * Refunds count in every money figure (docs/decisions/0033-refunds-in-every-figure.md): the
 * spending figure, the offer's progress and the spending chart are order payments minus their
 * refunds; a credit already granted stays. The offer threshold is $100 here.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ OFFER_THRESHOLD: '100' });
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

type Agency = { token: string; id: number };

function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function ok(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
const pay = (agency: Agency, orderId: number, method: 'Balance' | 'NewCard' = 'Balance') =>
  ok(agency.token, 'POST', '/api/order/pay', {
    paymentInfo: { payment_type: method, termsAccepted: true, order_id: orderId, ...(method === 'NewCard' ? cardPayload() : {}) },
  }) as Promise<{ payment_id: number; offer_message: string | null }>;

/** Every figure the agency is shown: the spending card, the offer banner, the chart's series. */
async function figures(agency: Agency) {
  const spending = (await ok(agency.token, 'GET', `/api/billing/getSpending/${agency.id}`)).spending as number;
  const offer = (await ok(agency.token, 'GET', '/api/getOfferStatus')) as { message: string; remaining_amount: number; show: boolean };
  const chart = (await ok(agency.token, 'GET', '/api/billing/spendingByMonth')).data as { month: string; spending: number }[];
  return { spending, offer, chart };
}

const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsBack = (n: number, now = new Date()) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)));

/** The chart's series with `spending` in the current month (and `earlier` in the month before). */
function series(current: number, earlier = 0) {
  return Array.from({ length: SPENDING_MONTHS }, (_, i) => {
    const back = SPENDING_MONTHS - 1 - i;
    return { month: monthsBack(back), spending: back === 0 ? current : back === 1 ? earlier : 0 };
  });
}

const promo = (remaining: string) => ({ message: offerMessages.promo(remaining, '$100'), remaining_amount: Number(remaining.slice(1)), show: true });

async function itemIdsOf(token: string, orderId: number) {
  const detail = await ok(token, 'GET', `/api/order/getById/${orderId}`);
  return (detail.content as { id: number; cost: number }[]).map((i) => ({ id: i.id, cost: i.cost }));
}

describe('refunds in the spending figures', () => {
  it('counts payments minus refunds after a partial and a full refund, in the spending card, the offer progress and the chart', async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 500);
    expect(await figures(agency)).toEqual({ spending: 0, offer: promo('$100.00'), chart: series(0) });

    // Order A: $28 + $38 (with SEO) = $66 from the wallet. Order B: $28 by card.
    const orderA = await placeOrder(t.app, agency.token, [orderItem(), orderItem({ addOns: { addOn: 'SEO Optimisation' } })]);
    const orderB = await placeOrder(t.app, agency.token);
    await pay(agency, orderA);
    await pay(agency, orderB, 'NewCard');
    expect(await figures(agency)).toEqual({ spending: 94, offer: promo('$6.00'), chart: series(94) });

    // Part of order A: its $28 item is refunded ($28: no coupon, so its whole price).
    const cheap = (await itemIdsOf(agency.token, orderA)).find((i) => i.cost === 28)!;
    const partial = await ok(admin, 'DELETE', `/api/content/${cheap.id}`);
    expect(partial.message).toBe(contentMessages.refunded('$28.00'));
    expect(await figures(agency)).toEqual({ spending: 66, offer: promo('$34.00'), chart: series(66) });

    // The whole of order B (paid by card, refunded to the wallet).
    const full = await ok(admin, 'DELETE', `/api/order/${orderB}`);
    expect(full.message).toBe(contentMessages.refunded('$28.00'));
    expect(await figures(agency)).toEqual({ spending: 38, offer: promo('$62.00'), chart: series(38) });

    // Refunded orders do not count towards the offer: $38 + $28 = $66 earns nothing (counting the
    // refunded $56 would have reached $100 here), then $66 + $38 = $104 earns the credit.
    expect((await pay(agency, await placeOrder(t.app, agency.token))).offer_message).toBeNull();
    expect(await figures(agency)).toEqual({ spending: 66, offer: promo('$34.00'), chart: series(66) });
    const crossing = await placeOrder(t.app, agency.token, [orderItem({ addOns: { addOn: 'SEO Optimisation' } })]);
    expect((await pay(agency, crossing)).offer_message).toBe(billingMessages.offerGranted('$100'));
    const received = { message: offerMessages.received('$100'), remaining_amount: 0, show: false };
    expect(await figures(agency)).toEqual({ spending: 104, offer: received, chart: series(104) });

    // A credit granted stays: refunding the order that earned it takes the spending below the
    // threshold, but the credit, its ledger entry and the banner's "received" remain.
    const balanceBefore = (await ok(agency.token, 'GET', `/api/billing/getAvailableBalance/${agency.id}`)).balance as number;
    await ok(admin, 'DELETE', `/api/order/${crossing}`);
    expect(await figures(agency)).toEqual({ spending: 66, offer: received, chart: series(66) });
    expect((await ok(agency.token, 'GET', `/api/billing/getAvailableBalance/${agency.id}`)).balance).toBe(balanceBefore + 38);
    expect(await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.agencyId, agency.id), eq(walletEntries.kind, 'offer_credit'))),
    ).toHaveLength(1);
    // Reaching the threshold again earns nothing more.
    const again = await placeOrder(t.app, agency.token, [orderItem(), orderItem()]);
    expect((await pay(agency, again)).offer_message).toBeNull();
    expect(await figures(agency)).toEqual({ spending: 122, offer: received, chart: series(122) });
  });

  it("lowers the month of the payment a refund returns, never the refund's own month", async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 200);
    const last = await placeOrder(t.app, agency.token);
    const paid = await pay(agency, last);
    // The payment was made last month (its date moved back: the history and chart read its date).
    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '1 month'` })
      .where(eq(payments.id, paid.payment_id));
    const current = await placeOrder(t.app, agency.token, [orderItem({ addOns: { addOn: 'SEO Optimisation' } })]);
    await pay(agency, current);
    expect((await figures(agency)).chart).toEqual(series(38, 28));

    await ok(admin, 'DELETE', `/api/order/${last}`);
    const after = await figures(agency);
    expect(after.chart).toEqual(series(38, 0));
    expect(after.spending).toBe(38);
  });

  it("charts the payments of the caller's billing history: an associate's own orders, every agency's for the admin", async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 100);
    const orderId = await placeOrder(t.app, agency.token);
    await pay(agency, orderId);
    const adminChart = (await ok(admin, 'GET', '/api/billing/spendingByMonth')).data as { month: string; spending: number }[];
    expect(adminChart).toHaveLength(SPENDING_MONTHS);
    // The admin's current month holds this agency's $28 and every other test's payments.
    expect(adminChart.at(-1)!.spending).toBeGreaterThanOrEqual(28);
    const associate = await loginAs(t.app, demo.associate);
    expect((await ok(associate, 'GET', '/api/billing/spendingByMonth')).data).toEqual(series(0));
    expect((await call(associate, 'GET', `/api/billing/getSpending/${agency.id}`)).statusCode).toBe(404);
  });
});
