import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, couponMessages, messages } from '@copydesk/shared';
import { couponRedemptions, coupons, orderItems, orders, payments, savedCards, walletEntries, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, createVerifiedAgency, databaseText, orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';

let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

type Who = Tenant;
const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who ? bearer(tok[who]) : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const balance = async (who: Who, userId = ids.agencyA) => (await call(who, 'GET', `/api/billing/getAvailableBalance/${userId}`)).json().balance as number;
const year = new Date().getUTCFullYear() + 2;
const card = cardPayload;
const pay = (who: Who, paymentInfo: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(who, 'POST', '/api/order/pay', { paymentInfo }, headers);
const topUp = (who: Who, paymentInfo: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(who, 'POST', '/api/billing/addBalance', { paymentInfo }, headers);

async function credit(agencyId: number, dollars: number) {
  const res = await topUp('admin', { balanceByAdmin: true, agency: agencyId, balance: dollars, description: 'Test credit' });
  expect(res.statusCode, res.body).toBe(200);
}

async function expectLedgerConsistent(agencyId: number) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.agencyId, agencyId));
  expect(await billingRepository.ledgerSum(t.db, agencyId)).toBe(wallet!.balanceCents);
  expect(wallet!.balanceCents).toBeGreaterThanOrEqual(0);
}

describe('balances', () => {
  it('shows the agency wallet to the agency, its associates and admins only', async () => {
    expect(await balance('agencyA')).toBe(500);
    expect(await balance('associateA', ids.associateA)).toBe(500);
    expect(await balance('associateA', ids.agencyA)).toBe(500);
    expect(await balance('admin', ids.associateA)).toBe(500);
    for (const [who, target] of [
      ['agencyB', ids.agencyA],
      ['agencyB', ids.associateA],
      ['agencyA', ids.agencyB],
      ['associateA', ids.agencyB],
      ['admin', ids.admin],
    ] as [Who, number][]) {
      expect((await call(who, 'GET', `/api/billing/getAvailableBalance/${target}`)).statusCode, `${who} → ${target}`).toBe(404);
      expect((await call(who, 'GET', `/api/billing/getSpending/${target}`)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/api/billing/getAvailableBalance/${ids.agencyA}`)).statusCode).toBe(401);
    expect((await call('agencyA', 'GET', '/api/billing/getAvailableBalance/abc')).statusCode).toBe(422);
  });
});

describe('POST /api/order/pay', () => {
  it('pays from the wallet in one step: ledger entry, order paid, items Unassigned', async () => {
    const before = await balance('agencyA');
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem(), orderItem({ addOns: { addOn: 'SEO Optimisation' } })]);
    const res = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId, total: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: billingMessages.paid, payment_id: expect.any(Number), offer_message: null });
    expect(await balance('agencyA')).toBe(before - 66);
    const detail = (await call('agencyA', 'GET', `/api/order/getById/${orderId}`)).json();
    expect(detail.order).toMatchObject({ unpaid: false, status: 'IN-PROGRESS', payment_id: body.payment_id });
    expect(detail.content.map((c: { status: string }) => c.status)).toEqual(['Unassigned', 'Unassigned']);
    expect((await call('agencyA', 'GET', `/api/billing/getSpending/${ids.agencyA}`)).json().spending).toBeGreaterThanOrEqual(66);
    await expectLedgerConsistent(ids.agencyA);

    const again = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMessages.alreadyPaid);
  });

  it('refuses a wallet payment the balance does not cover, changing nothing', async () => {
    const agency = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, agency.email, agency.password);
    const orderId = await placeOrder(t.app, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: bearer(token),
      payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.balanceNotEnough);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).toBeNull();
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });

  it('lets an associate pay its own order from the agency wallet, and never by card', async () => {
    const orderId = await placeOrder(t.app, tok.associateA);
    const byCard = await pay('associateA', { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...card() });
    expect(byCard.statusCode).toBe(403);
    expect(byCard.json().message).toBe(billingMessages.associateWalletOnly);
    expect((await pay('associateA', { payment_type: 'SavedCard', termsAccepted: true, order_id: orderId, savedCardid: 1 })).statusCode).toBe(403);
    const before = await balance('agencyA');
    expect((await pay('associateA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId })).statusCode).toBe(200);
    expect(await balance('agencyA')).toBe(before - 28);
  });

  it('keeps other tenants out and admins from paying', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    expect((await pay('agencyB', { payment_type: 'Balance', termsAccepted: true, order_id: orderId })).statusCode).toBe(404);
    const assocOther = await placeOrder(t.app, tok.agencyA);
    expect((await pay('associateA', { payment_type: 'Balance', termsAccepted: true, order_id: assocOther })).statusCode).toBe(404);
    expect((await pay('admin', { payment_type: 'Balance', termsAccepted: true, order_id: orderId })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } })).statusCode).toBe(
      401,
    );
    expect((await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: 99999999 })).statusCode).toBe(404);
  });

  it('charges a new card, saves it when asked, and keeps no card number or CVC', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    const before = await balance('agencyA');
    const res = await pay('agencyA', { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, saveCard: true, ...card({ cardCvc: '987' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance('agencyA')).toBe(before);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, res.json().payment_id));
    expect(payment).toMatchObject({
      method: 'NewCard',
      cardLast4: '4242',
      cardExpiry: `04/${String(year % 100)}`,
      billingCity: 'San Francisco',
      gateway: 'sandbox',
    });
    const cards = (await call('agencyA', 'GET', `/api/user/getsavedcards/${ids.agencyA}`)).json().data;
    expect(cards[0]).toMatchObject({ card_last_digits: '4242', card_expiry: `04/${String(year % 100)}` });

    // Pay the next order with the saved card.
    const next = await placeOrder(t.app, tok.agencyA);
    const saved = await pay('agencyA', { payment_type: 'SavedCard', termsAccepted: true, order_id: next, savedCardid: cards[0].id });
    expect(saved.statusCode, saved.body).toBe(200);
    const [second] = await t.db.select().from(payments).where(eq(payments.id, saved.json().payment_id));
    expect(second).toMatchObject({ method: 'SavedCard', cardLast4: '4242' });

    const dump = await databaseText(t.db);
    expect(dump).toContain('4242');
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
    // The CVC as a number of its own, once the timestamps ("…03:09:40.987+00") and password hashes,
    // which hold digit runs of their own, are taken out.
    const withoutTimesAndHashes = dump.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d/g, '').replace(/\$argon2id\$[^"\n]*/g, '');
    expect(withoutTimesAndHashes).not.toMatch(/\b987\b/);
    const logs = t.logs.join('');
    expect(logs).not.toContain('4242424242424242');
    expect(logs).not.toContain('4242 4242 4242 4242');
  });

  it('shows declines and bad cards, and leaves the order unpaid', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    const cases: [Record<string, unknown>, number, string][] = [
      [card({ cardNumber: '4000 0000 0000 0002' }), 402, billingMessages.declined],
      [card({ cardNumber: '4000 0000 0000 9995' }), 402, billingMessages.insufficientFunds],
      [card({ cardNumber: '4242 4242 4242 4241' }), 402, billingMessages.cardInvalid],
      [card({ cardNumber: '4242 abcd 4242 4242' }), 422, messages.cardNumberNumeric],
      [card({ cardCvc: '12a' }), 422, messages.cvcNumericPayment],
      [card({ month: '13' }), 422, messages.cardMonthInvalid],
      [card({ year: '2001' }), 422, messages.cardYearInvalid],
      [card({ nameOnCard: '', zipCode: '' }), 422, messages.requiredFields],
      [card({ zipCode: '12345-67890' }), 422, messages.zipCodeInvalid],
    ];
    for (const [info, status, message] of cases) {
      const res = await pay('agencyA', { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...info });
      expect(res.statusCode, JSON.stringify(info)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).toBeNull();
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });

  it("refuses another agency's saved card and a missing choice", async () => {
    // Agency A saves a card of its own here, so the test does not lean on an earlier one.
    const paidByA = await pay('agencyA', {
      payment_type: 'NewCard',
      termsAccepted: true,
      order_id: await placeOrder(t.app, tok.agencyA),
      saveCard: true,
      ...card(),
    });
    expect(paidByA.statusCode, paidByA.body).toBe(200);
    const orderId = await placeOrder(t.app, tok.agencyB);
    const [cardOfA] = await t.db.select().from(savedCards).where(eq(savedCards.agencyId, ids.agencyA));
    const res = await call('agencyB', 'POST', '/api/order/pay', {
      paymentInfo: { payment_type: 'SavedCard', termsAccepted: true, order_id: orderId, savedCardid: cardOfA!.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(billingMessages.savedCardUnknown);
    expect((await pay('agencyB', { payment_type: 'SavedCard', termsAccepted: true, order_id: orderId })).json().message).toBe(messages.selectSavedCard);
    expect((await pay('agencyB', { payment_type: 'Cash', order_id: orderId })).statusCode).toBe(422);
    expect((await pay('agencyB', { payment_type: 'Balance' })).json().message).toBe(messages.paymentInfoNotFound);
    expect((await call('agencyB', 'GET', `/api/user/getsavedcards/${ids.agencyA}`)).statusCode).toBe(404);
    expect((await call('associateA', 'GET', `/api/user/getsavedcards/${ids.agencyA}`)).statusCode).toBe(403);
  });

  it('answers a repeated Idempotency-Key with the first response and charges once', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    const before = await balance('agencyA');
    const headers = { 'idempotency-key': `pay-${orderId}` };
    const first = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId }, headers);
    const second = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balance('agencyA')).toBe(before - 28);
    const other = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId, total: 5 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(billingMessages.idempotencyMismatch);
    expect((await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId }, { 'idempotency-key': '' })).statusCode).toBe(422);
  });
});

describe('coupons at payment', () => {
  const makeCoupon = async (values: Partial<typeof coupons.$inferInsert> & { code: string }) => {
    const [row] = await t.db
      .insert(coupons)
      .values({ type: 'fixed', amount: 1000, expiry: '2999-12-31', usageLimit: 10, ...values })
      .returning();
    return row!;
  };

  it('applies fixed and percentage discounts computed by the server, and records the redemption', async () => {
    const fixed = await makeCoupon({ code: 'TENOFF' });
    const pct = await makeCoupon({ code: 'HALF', type: 'percentage', amount: 5000 });
    const before = await balance('agencyA');
    const o1 = await placeOrder(t.app, tok.agencyA, [orderItem(), orderItem()]);
    const r1 = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: o1, coupon_id: fixed.id, coupon_discount: 56 });
    expect(r1.statusCode, r1.body).toBe(200);
    const o2 = await placeOrder(t.app, tok.agencyA, [orderItem(), orderItem()]);
    const r2 = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: o2, coupon_code: 'half' });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(await balance('agencyA')).toBe(before - 46 - 28);
    const [p2] = await t.db.select().from(payments).where(eq(payments.id, r2.json().payment_id));
    expect(p2).toMatchObject({ subtotalCents: 5600, discountCents: 2800, amountCents: 2800, couponId: pct.id });
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, fixed.id));
    expect(redemptions).toMatchObject([{ orderId: o1, discountCents: 1000 }]);
    expect((await t.db.select().from(coupons).where(eq(coupons.id, fixed.id)))[0]!.usedCount).toBe(1);
  });

  it('refuses coupons the agency may not use, with the reason', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    const cases: [Partial<typeof coupons.$inferInsert>, string][] = [
      [{ amount: 2800 }, messages.couponAboveTotal],
      [{ status: 0 }, couponMessages.inactive],
      [{ expiry: '2001-01-01' }, couponMessages.expired],
      [{ usageLimit: 1, usedCount: 1 }, couponMessages.usedUp],
      [{ agencyIds: [ids.agencyB] }, couponMessages.notForYou],
    ];
    for (const [values, message] of cases) {
      const coupon = await makeCoupon({ code: `C${Math.random().toString(36).slice(2, 8)}`, ...values });
      const res = await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_id: coupon.id });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect((await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_code: 'NOPE' })).json().message).toBe(
      couponMessages.unknown,
    );
    // An associate qualifies through its agency.
    const forA = await makeCoupon({ code: 'ACMEONLY', agencyIds: [ids.agencyA] });
    const assocOrder = await placeOrder(t.app, tok.associateA);
    expect((await pay('associateA', { payment_type: 'Balance', termsAccepted: true, order_id: assocOrder, coupon_id: forA.id })).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).toBeNull();
  });
});

describe('POST /api/billing/addBalance', () => {
  it('tops up the agency wallet by card and records a ledger entry', async () => {
    const before = await balance('agencyA');
    const res = await topUp('agencyA', { balance: 100, saveCard: true, ...card({ cardNumber: '5555 5555 5555 4444' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: billingMessages.balanceAdded });
    expect(await balance('agencyA')).toBe(before + 100);
    const cards = (await call('agencyA', 'GET', `/api/user/getsavedcards/${ids.agencyA}`)).json().data;
    expect(cards[0].card_last_digits).toBe('4444');
    const bySaved = await topUp('agencyA', { balance: 12.5, savedCardid: cards[0].id });
    expect(bySaved.statusCode, bySaved.body).toBe(200);
    expect(await balance('agencyA')).toBe(before + 112.5);
    await expectLedgerConsistent(ids.agencyA);
  });

  it('validates the amount with its message and refuses declined cards', async () => {
    const before = await balance('agencyA');
    for (const amount of [0, -5, 1.005, 'ten', null]) {
      const res = await topUp('agencyA', { balance: amount, ...card() });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().errors['paymentInfo.balance']).toEqual([messages.balancePositive]);
    }
    const declined = await topUp('agencyA', { balance: 10, ...card({ cardNumber: '4000000000000002' }) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(billingMessages.declined);
    const invalidCvc = await topUp('agencyA', { balance: 10, ...card({ cardCvc: 'x' }) });
    expect(invalidCvc.json().message).toBe(messages.cvcNumeric);
    expect(await balance('agencyA')).toBe(before);
  });

  it('lets an admin credit an agency with a description, and nobody else', async () => {
    const before = await balance('agencyB', ids.agencyB);
    const res = await topUp('admin', { balanceByAdmin: true, agency: ids.agencyB, balance: 25, description: 'Goodwill credit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(billingMessages.balanceCredited('Bravo Studio'));
    expect(await balance('agencyB', ids.agencyB)).toBe(before + 25);
    const [entry] = await t.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.agencyId, ids.agencyB))
      .orderBy(sql`${walletEntries.position} desc`)
      .limit(1);
    expect(entry).toMatchObject({ kind: 'topup_admin', actorId: ids.admin, amountCents: 2500, description: 'Goodwill credit' });

    const missing = await topUp('admin', { balanceByAdmin: true, balance: 25 });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['paymentInfo.agency', 'paymentInfo.description']);
    expect((await topUp('admin', { balanceByAdmin: true, agency: ids.associateA, balance: 5, description: 'x' })).json().message).toBe(
      billingMessages.agencyUnknown,
    );
    expect((await topUp('associateA', { balance: 10, ...card() })).statusCode).toBe(403);
    expect((await topUp('agencyA', { balanceByAdmin: true, agency: ids.agencyA, balance: 10, description: 'free money' })).statusCode).toBe(403);
  });
});

describe('billing history', () => {
  it('lists payments per scope with search, dates and paging', async () => {
    // Payments of its own in each scope: a card top-up by agency A, an order A's associate pays, one of agency B.
    expect((await topUp('agencyA', { balance: 20, ...card() })).statusCode).toBe(200);
    expect((await pay('associateA', { payment_type: 'Balance', termsAccepted: true, order_id: await placeOrder(t.app, tok.associateA) })).statusCode).toBe(200);
    await credit(ids.agencyB, 50);
    expect((await pay('agencyB', { payment_type: 'Balance', termsAccepted: true, order_id: await placeOrder(t.app, tok.agencyB) })).statusCode).toBe(200);
    const list = async (who: Who, query = '') => {
      const res = await call(who, 'GET', `/api/billing?limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; type: string; user: string; email: string; amount: number; method: string }[]; meta: { total: number } };
    };
    const admin = await list('admin');
    const a = await list('agencyA');
    const assoc = await list('associateA');
    const b = await list('agencyB');
    expect(admin.meta.total).toBeGreaterThan(a.meta.total);
    expect(a.data.some((r) => r.type === 'add balance')).toBe(true);
    expect(assoc.data.length).toBeGreaterThan(0);
    expect(assoc.data.every((r) => r.type === 'order payment')).toBe(true);
    expect(assoc.meta.total).toBeLessThan(a.meta.total);
    const aIds = new Set(a.data.map((r) => r.id));
    expect(b.data.some((r) => aIds.has(r.id))).toBe(false);

    expect((await list('agencyA', '&search=Opening')).data.map((r) => r.method)).toEqual(['Admin']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('agencyA', `&from=${today}&to=${today}`)).meta.total).toBe(a.meta.total);
    expect((await list('agencyA', '&to=2001-01-01')).meta.total).toBe(0);
    const amounts = (await list('admin', '&sort_column=total&sort_order=asc')).data.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    const paged = await call('agencyA', 'GET', '/api/billing');
    expect(paged.json().meta.per_page).toBe(5);
    expect((await call('agencyA', 'GET', '/api/billing?from=nope')).statusCode).toBe(422);
  });

  it('details a payment with its lines, to its tenant only', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem({ project_name: 'Invoice project' })]);
    const paid = (await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId })).json();
    const res = await call('agencyA', 'GET', `/api/billing/${paid.payment_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: paid.payment_id,
      type: 'order payment',
      method: 'Wallet',
      total: 28,
      discount: 0,
      total_items: 1,
      company: 'Acme Media',
      orderBreakDown: [{ project_name: 'Invoice project', itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28 }],
    });
    expect(res.json().data.invoice).toMatch(/^CD-\d{4}-\d{6}$/);
    expect((await call('agencyB', 'GET', `/api/billing/${paid.payment_id}`)).statusCode).toBe(404);
    // The agency placed this order: its associate does not see it, nor its payment (README "Who sees what").
    expect((await call('associateA', 'GET', `/api/billing/${paid.payment_id}`)).statusCode).toBe(404);
  });
});

describe('ledger', () => {
  it('refuses to change or delete entries, and balances only move through it', async () => {
    await expect(t.db.update(walletEntries).set({ amountCents: 1 })).rejects.toThrow();
    await expect(t.db.delete(walletEntries)).rejects.toThrow();
    await expect(t.db.update(wallets).set({ balanceCents: 999999 })).rejects.toThrow();
    await expectLedgerConsistent(ids.agencyA);
    await expectLedgerConsistent(ids.agencyB);
  });

  it('marks only unpaid items Unassigned', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    await pay('agencyA', { payment_type: 'Balance', termsAccepted: true, order_id: orderId });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.status)).toEqual(['Unassigned']);
  });
});
