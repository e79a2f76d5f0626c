import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerCredits, orderItems, orders, payments, products, productWordCounts, walletEntries, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';

/**
 * Money columns are 64-bit cents (docs/decisions/0001-integer-cents.md): amounts past the old
 * 32-bit limit of 2^31 − 1 cents ($21,474,836.47) are stored, summed and answered exactly, on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL (whose driver hands bigint over as text).
 */
const INT32_MAX = 2_147_483_647;

let t: TestApp;
let admin: string;
let adminId: number;
let agency: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, demo.admin);
  adminId = await userIdByEmail(t.db, demo.admin);
  const account = await createVerifiedAgency(t.app, { company_name: 'Big Spender' });
  agency = { token: await loginAs(t.app, account.email, account.password), id: await userIdByEmail(t.db, account.email) };
});
afterAll(() => t?.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A credit written straight into the ledger (the API caps one top-up at $1,000,000). */
const creditDirectly = (amountCents: number) =>
  billingRepository.appendEntry(t.db, { agencyId: agency.id, amountCents, kind: 'topup_admin', description: 'Large opening balance', actorId: adminId });

async function walletRow() {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.agencyId, agency.id));
  return row!;
}

async function expectLedgerConsistent(expectedCents: number) {
  const wallet = await walletRow();
  expect(wallet.balanceCents).toBe(expectedCents);
  expect(await billingRepository.ledgerSum(t.db, agency.id)).toBe(expectedCents);
  const balance = (await get(agency.token, `/api/billing/getAvailableBalance/${agency.id}`)).json().balance;
  expect(balance).toBe(expectedCents / 100);
}

describe('64-bit money', () => {
  it('lets a wallet hold more than $21,474,836.47 and keeps ledger sum = cached balance', async () => {
    const start = (await walletRow()).balanceCents;
    await creditDirectly(INT32_MAX - 647 - start); // $21,474,830.00
    await expectLedgerConsistent(INT32_MAX - 647);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(admin),
      payload: { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: 1000, description: 'Past the old limit' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = INT32_MAX - 647 + 100_000; // $21,475,830.00
    expect(expected).toBeGreaterThan(INT32_MAX);
    await expectLedgerConsistent(expected);
    const [last] = await t.db.select().from(walletEntries).where(eq(walletEntries.agencyId, agency.id)).orderBy(walletEntries.id);
    expect(typeof last!.balanceAfterCents).toBe('number');

    // Totals over wallets and payments come back as exact numbers too.
    const stats = await get(admin, '/api/dashboard/admin-stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().wallet_balance).toBeGreaterThanOrEqual(expected / 100);
    const users = await get(admin, '/api/user?limit=100&search=Big%20Spender');
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().data.find((u: { id: number }) => u.id === agency.id)).toMatchObject({ balance: expected / 100 });
  });

  it('prices, pays and refunds an order above the old limit, exactly', async () => {
    // A $30,000,000.00 tier: 3,000,000,000 cents does not fit a 32-bit column.
    const [blogPost] = await t.db.select().from(products).where(eq(products.name, 'Blog Post'));
    await t.db
      .insert(productWordCounts)
      .values({ productId: blogPost!.id, title: 'Whole library', words: 1_000_000, priceCents: 3_000_000_000, sortOrder: 99 });
    const before = (await walletRow()).balanceCents;
    await creditDirectly(3_000_000_000);
    await expectLedgerConsistent(before + 3_000_000_000);

    const orderId = await placeOrder(t.app, agency.token, [orderItem({ wordCount: { word: 'Whole library' } })]);
    const order = await get(agency.token, `/api/order/getById/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().total).toBe(30_000_000);

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: bearer(agency.token),
      payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paid orders past $1,000 earn the one-time offer credit (docs/decisions/0008-offer-credit.md), also through the ledger.
    const [offer] = await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agency.id));
    expect(offer!.amountCents).toBeGreaterThan(0);
    await expectLedgerConsistent(before + offer!.amountCents);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')));
    expect(payment).toMatchObject({ subtotalCents: 3_000_000_000, discountCents: 0, amountCents: 3_000_000_000 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(item).toMatchObject({ wordPriceCents: 3_000_000_000, costCents: 3_000_000_000 });
    const detail = await get(agency.token, `/api/billing/${payment!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.total).toBe(30_000_000);
    const spending = await get(agency.token, `/api/billing/getSpending/${agency.id}`);
    expect(spending.statusCode, spending.body).toBe(200);
    expect(spending.json().spending).toBe(30_000_000);

    // An admin deleting the paid order refunds all of it to the wallet (docs/decisions/0007-refunds.md).
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toContain('$30,000,000.00');
    await expectLedgerConsistent(before + offer!.amountCents + 3_000_000_000);
    const [deleted] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(deleted!.totalCents).toBe(3_000_000_000);
  });
});
