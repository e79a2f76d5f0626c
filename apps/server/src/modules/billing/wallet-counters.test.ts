import { and, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, offerCredits, orderItems, payments, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, createVerifiedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';

/**
 * What the database keeps so a payment reads less (migration 0014): the wallet made with the agency,
 * the running total of its order payments and the offer flag the offer check reads with the wallet
 * lock, and invoice numbers written by the payment insert itself. On PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The offer credit ($5) once paid orders reach $100.
  t = await createTestApp({ OFFER_THRESHOLD: '100', OFFER_CREDIT: '5' });
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

const post = (token: string, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function newAgency() {
  const account = await createVerifiedAgency(t.app);
  return { token: await loginAs(t.app, account.email, account.password), id: await userIdByEmail(t.db, account.email) };
}

async function walletOf(agencyId: number) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.agencyId, agencyId));
  return row;
}

/** Order payments minus refunds, summed from the payments (migration 0023). */
async function orderPaymentsTotal(agencyId: number) {
  const [row] = await t.db
    .select({ total: sum(sql`case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end`) })
    .from(payments)
    .where(and(eq(payments.agencyId, agencyId), inArray(payments.kind, ['order', 'refund'])));
  return Number(row?.total ?? 0);
}

describe('the wallet', () => {
  it('exists from the moment an agency signs up, empty, and only agencies have one', async () => {
    const agency = await newAgency();
    expect(await walletOf(agency.id)).toMatchObject({ balanceCents: 0, paidOrdersCents: 0, offerGranted: false });
    expect(await walletOf(await userIdByEmail(t.db, demo.admin))).toBeUndefined();
    expect(await walletOf(await userIdByEmail(t.db, demo.associate))).toBeUndefined();
  });
});

describe('the running total of order payments', () => {
  it('follows wallet and card payments, is lowered by a refund, and the offer flag follows the credit and stays', async () => {
    const agency = await newAgency();
    expect(
      (await post(admin, '/api/billing/addBalance', { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: 200, description: 'Test credit' } }))
        .statusCode,
    ).toBe(200);
    const twoItems = [orderItem(), orderItem()];

    // $56.00 from the wallet: below the $100 threshold.
    const first = await placeOrder(t.app, agency.token, twoItems);
    const byWallet = await post(agency.token, '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: first } });
    expect(byWallet.statusCode, byWallet.body).toBe(200);
    expect(byWallet.json().offer_message).toBeNull();
    expect(await walletOf(agency.id)).toMatchObject({ paidOrdersCents: 5600, offerGranted: false });

    // $56.00 by card: $112.00 in all, so this payment grants the credit, once.
    const second = await placeOrder(t.app, agency.token, twoItems);
    const byCard = await post(agency.token, '/api/order/pay', {
      paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: second, ...cardPayload() },
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
    expect(byCard.json().offer_message).toEqual(expect.stringContaining('$5'));
    expect(await walletOf(agency.id)).toMatchObject({ paidOrdersCents: 11200, offerGranted: true });
    expect(await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id))).toHaveLength(1);

    // The admin deletes a paid item of the first order: the wallet gets $28.00 back and the total
    // loses it (docs/decisions/0033-refunds-in-every-figure.md); the credit granted stays.
    const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, first));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/content/${item!.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    const wallet = await walletOf(agency.id);
    expect(wallet).toMatchObject({ paidOrdersCents: 8400, offerGranted: true, balanceCents: 20000 - 5600 + 500 + 2800 });
    expect(wallet!.paidOrdersCents).toBe(await orderPaymentsTotal(agency.id));

    // A third payment takes the total back to $112.00 and grants nothing more.
    const third = await placeOrder(t.app, agency.token, [orderItem()]);
    const again = await post(agency.token, '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: third } });
    expect(again.json().offer_message).toBeNull();
    expect(await walletOf(agency.id)).toMatchObject({ paidOrdersCents: 11200, offerGranted: true });
    expect((await walletOf(agency.id))!.paidOrdersCents).toBe(await orderPaymentsTotal(agency.id));
  });
});

describe('invoice numbers', () => {
  it('follow the payment id in the insert: six digits or more, CD- for payments, CN- for credit notes', async () => {
    const agency = await newAgency();
    const year = new Date().getUTCFullYear();
    await t.db.execute(sql`select setval(pg_get_serial_sequence('payments', 'id'), 1234566)`);
    expect(
      (await post(admin, '/api/billing/addBalance', { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: 80, description: 'Test credit' } }))
        .statusCode,
    ).toBe(200);
    const orderId = await placeOrder(t.app, agency.token, [orderItem(), orderItem()]);
    expect((await post(agency.token, '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } })).statusCode).toBe(
      200,
    );
    const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/content/${item!.id}`, headers: bearer(admin) });
    expect(deleted.statusCode).toBe(200);

    const rows = await t.db
      .select({ id: payments.id, kind: payments.kind, invoice: payments.invoiceNumber })
      .from(payments)
      .where(eq(payments.agencyId, agency.id))
      .orderBy(payments.id);
    expect(rows).toEqual([
      { id: 1234567, kind: 'topup', invoice: `CD-${year}-1234567` },
      { id: 1234568, kind: 'order', invoice: `CD-${year}-1234568` },
      { id: 1234569, kind: 'refund', invoice: `CN-${year}-1234569` },
    ]);
    // The item's activity log names that credit note.
    const [entry] = await t.db.select().from(activityLogs).where(eq(activityLogs.itemId, item!.id)).orderBy(desc(activityLogs.id)).limit(1);
    expect(entry?.description).toContain(`(credit note CN-${year}-1234569)`);
  });
});
