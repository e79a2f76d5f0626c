import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingHistoryRow } from '@copydesk/shared';
import { hashPassword } from '../../lib/passwords.js';
import { walletEntries } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, createVerifiedAgency, orderItem, placeOrder, uniqueEmail, userIdByEmail } from '../../test/helpers.js';
import { usersRepository } from '../users/users.repository.js';

/**
 * The billing history is read from the wallet ledger (docs/decisions/0033-refunds-in-every-figure.md):
 * every movement of the wallet is a row, so after each kind of movement the rows' wallet amounts
 * add up to the balance, and the newest row that moved the wallet shows it. Runs on PGlite and in
 * the PostgreSQL pass (TEST_DATABASE_URL). The offer threshold is $60 here.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ OFFER_THRESHOLD: '60' });
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

async function ok(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

const cents = (dollars: number) => Math.round(dollars * 100);

async function history(token: string, query: Record<string, string> = {}) {
  const body = await ok(token, 'GET', `/api/billing?${new URLSearchParams({ limit: '100', sort_column: 'id', sort_order: 'asc', ...query })}`);
  return body as { data: BillingHistoryRow[]; meta: { total: number } };
}

/** The history of the agency, summed, against its balance and its ledger. */
async function reconcile(agency: { token: string; id: number }) {
  const { data, meta } = await history(agency.token);
  expect(meta.total).toBe(data.length);
  const balance = (await ok(agency.token, 'GET', `/api/billing/getAvailableBalance/${agency.id}`)).balance as number;
  const sum = data.reduce((total, row) => total + cents(row.wallet_amount), 0);
  expect(sum).toBe(cents(balance));
  // Each entry of the ledger is one row.
  const [entries] = await t.db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.agencyId, agency.id));
  expect(data.filter((r) => r.wallet_amount !== 0)).toHaveLength(Number(entries!.n));
  // Read in order, each row that moved the wallet left the balance the previous one did plus its amount.
  let running = 0;
  for (const row of data.filter((r) => r.balance_after !== null)) {
    running += cents(row.wallet_amount);
    expect(cents(row.balance_after!), row.description).toBe(running);
  }
  expect(running).toBe(cents(balance));
  return data;
}

describe('the billing history reconciles with the wallet', () => {
  it('lists every kind of movement, and sums to the balance after each', async () => {
    const account = await createVerifiedAgency(t.app, { company_name: 'Ledger Works' });
    const agency = { token: await loginAs(t.app, account.email, account.password), id: await userIdByEmail(t.db, account.email) };
    expect(await reconcile(agency)).toEqual([]);

    // An admin credit.
    await ok(admin, 'POST', '/api/billing/addBalance', { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: 40, description: 'Goodwill' } });
    let rows = await reconcile(agency);
    expect(rows.at(-1)).toMatchObject({ type: 'admin credit', method: 'Admin', amount: 40, wallet_amount: 40, balance_after: 40, description: 'Goodwill' });

    // A card top-up.
    await ok(agency.token, 'POST', '/api/billing/addBalance', { paymentInfo: { balance: 100, ...cardPayload() } });
    rows = await reconcile(agency);
    expect(rows.at(-1)).toMatchObject({ type: 'add balance', method: 'Card', amount: 100, wallet_amount: 100, balance_after: 140 });

    // A wallet payment ($28).
    const walletOrder = await placeOrder(t.app, agency.token);
    await ok(agency.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: walletOrder } });
    rows = await reconcile(agency);
    expect(rows.at(-1)).toMatchObject({ type: 'order payment', method: 'Wallet', amount: 28, wallet_amount: -28, balance_after: 112, order_id: walletOrder });

    // A card payment ($38) moves no wallet: listed with its invoice, 0 to the wallet. It takes the
    // paid orders to $66, past the $60 threshold: the offer credit follows it, a row of its own.
    const cardOrder = await placeOrder(t.app, agency.token, [orderItem({ addOns: { addOn: 'SEO Optimisation' } })]);
    const cardPaid = await ok(agency.token, 'POST', '/api/order/pay', {
      paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: cardOrder, ...cardPayload() },
    });
    expect(cardPaid.offer_message).not.toBeNull();
    rows = await reconcile(agency);
    const [card, offer] = rows.slice(-2);
    expect(card).toMatchObject({ id: cardPaid.payment_id, type: 'order payment', method: 'Card', amount: 38, wallet_amount: 0, balance_after: null });
    expect(card!.invoice).toMatch(/^CD-/);
    expect(offer).toMatchObject({ id: null, invoice: null, type: 'offer credit', method: 'Offer', amount: 100, wallet_amount: 100, balance_after: 212 });
    expect(offer!.description).toMatch(/^Offer credit/);

    // A partial refund (the $28 item of a two-item wallet order), then a full one (the card order, to the wallet).
    const twoItems = await placeOrder(t.app, agency.token, [orderItem(), orderItem({ articleTitle: 'Second piece' })]);
    await ok(agency.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: twoItems } });
    const items = (await ok(agency.token, 'GET', `/api/order/getById/${twoItems}`)).content as { id: number }[];
    await ok(admin, 'DELETE', `/api/content/${items[0]!.id}`);
    rows = await reconcile(agency);
    expect(rows.at(-1)).toMatchObject({ type: 'refund', amount: 28, wallet_amount: 28, balance_after: 212 - 56 + 28, order_id: twoItems });
    expect(rows.at(-1)!.invoice).toMatch(/^CN-/);
    await ok(admin, 'DELETE', `/api/order/${cardOrder}`);
    rows = await reconcile(agency);
    expect(rows.at(-1)).toMatchObject({ type: 'refund', amount: 38, wallet_amount: 38, balance_after: 222, order_id: cardOrder });

    // Every row is a different one; the types in the order they happened.
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(rows.map((r) => r.type)).toEqual([
      'admin credit',
      'add balance',
      'order payment',
      'order payment',
      'offer credit',
      'order payment',
      'refund',
      'refund',
    ]);

    // Newest first (the screen's default) is the same rows reversed; the type filter of a search still finds the credit.
    const newestFirst = await history(agency.token, { sort_order: 'desc' });
    expect(newestFirst.data.map((r) => r.key)).toEqual(rows.map((r) => r.key).reverse());
    expect((await history(agency.token, { search: 'offer credit' })).data.map((r) => r.type)).toEqual(['offer credit']);
    // Paging keeps every row once.
    const pages = [1, 2, 3].map((page) => history(agency.token, { limit: '3', page: String(page), sort_order: 'desc' }));
    expect((await Promise.all(pages)).flatMap((p) => p.data.map((r) => r.key))).toEqual(newestFirst.data.map((r) => r.key));
  });

  it("shows an associate its own orders' payments and refunds only, not the wallet's top-ups and credits", async () => {
    const account = await createVerifiedAgency(t.app, { company_name: 'Scoped Works' });
    const agency = { token: await loginAs(t.app, account.email, account.password), id: await userIdByEmail(t.db, account.email) };
    const email = uniqueEmail('associate');
    await usersRepository.insert(t.db, {
      name: 'Ari Associate',
      email,
      role: 'associate',
      agencyId: agency.id,
      passwordHash: await hashPassword(demo.password),
      emailVerifiedAt: new Date(),
    });
    const associate = await loginAs(t.app, email);
    await ok(admin, 'POST', '/api/billing/addBalance', { paymentInfo: { balanceByAdmin: true, agency: agency.id, balance: 200, description: 'Start' } });
    // The associate's $28 and $38 orders reach the $60 threshold: the credit is the agency's.
    for (const items of [[orderItem()], [orderItem({ addOns: { addOn: 'SEO Optimisation' } })]]) {
      const orderId = await placeOrder(t.app, associate, items);
      await ok(associate, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
    }
    const own = await placeOrder(t.app, agency.token);
    await ok(agency.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: own } });
    const all = await reconcile(agency);
    expect(all.map((r) => r.type)).toEqual(['admin credit', 'order payment', 'order payment', 'offer credit', 'order payment']);
    const seen = (await history(associate)).data;
    expect(seen.map((r) => [r.type, r.amount])).toEqual([
      ['order payment', 28],
      ['order payment', 38],
    ]);
  });
});
