import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages, messages } from '@copydesk/shared';
import { buildApp, type App } from '../../app.js';
import { loadConfig, testConfig } from '../../config.js';
import { coupons, payments, users } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { INVOICE_LINK_TTL_SECONDS, invoiceLink } from './invoices.service.js';

const APP_KEY = 'test-app-key-0123456789-abcdefghijklmnop';
let t: TestApp;
let tok: { admin: string; agencyA: string; associateA: string; agencyB: string };
/** Payment ids by what they are. */
const paid = {} as { cardOrder: number; couponOrder: number; associateOrder: number; topUp: number; adminCreditB: number; walletOrderB: number };

const year = new Date().getUTCFullYear() + 2;
const card = (cardNumber = '4242 4242 4242 4242') => ({
  nameOnCard: 'Alex Agency',
  cardNumber,
  cardCvc: '123',
  month: '04',
  year: String(year),
  address: '500 Market Street',
  country: 'United States',
  state: 'California',
  city: 'San Francisco',
  zipCode: '94105',
});

async function post(token: string, url: string, paymentInfo: Record<string, unknown>): Promise<number | null> {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: { paymentInfo } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payment_id as number | undefined) ?? null;
}

const latestPaymentOf = async (agencyId: number) => (await t.db.select().from(payments).where(eq(payments.agencyId, agencyId))).sort((a, b) => b.id - a.id)[0]!;

beforeAll(async () => {
  t = await createTestApp({ APP_KEY });
  const b = await createVerifiedAgency(t.app, { company_name: 'Bravo Studio' });
  tok = {
    admin: await loginAs(t.app, demo.admin),
    agencyA: await loginAs(t.app, demo.agency),
    associateA: await loginAs(t.app, demo.associate),
    agencyB: await loginAs(t.app, b.email, b.password),
  };
  const agencyA = await userIdByEmail(t.db, demo.agency);
  const agencyB = await userIdByEmail(t.db, b.email);
  await t.db.insert(coupons).values({ code: 'INVOICE5', type: 'fixed', amount: 500, expiry: '2099-12-31', usageLimit: 10 });

  const items = [
    orderItem({ articleTitle: 'Ten ways to ship faster', project_name: 'Acme blog' }),
    orderItem({ articleTitle: 'Rockets for everyone', project_name: 'Launch PR' }),
  ];
  paid.cardOrder = (await post(tok.agencyA, '/api/order/pay', {
    payment_type: 'NewCard',
    termsAccepted: true,
    order_id: await placeOrder(t.app, tok.agencyA, items),
    ...card(),
  }))!;
  paid.couponOrder = (await post(tok.agencyA, '/api/order/pay', {
    payment_type: 'Balance',
    termsAccepted: true,
    order_id: await placeOrder(t.app, tok.agencyA),
    coupon_code: 'INVOICE5',
  }))!;
  paid.associateOrder = (await post(tok.associateA, '/api/order/pay', {
    payment_type: 'Balance',
    termsAccepted: true,
    order_id: await placeOrder(t.app, tok.associateA),
  }))!;
  await post(tok.agencyA, '/api/billing/addBalance', { balance: 100, ...card('5555 5555 5555 4444') });
  paid.topUp = (await latestPaymentOf(agencyA)).id;
  await post(tok.admin, '/api/billing/addBalance', { balanceByAdmin: true, agency: agencyB, balance: 60, description: 'Welcome credit' });
  paid.adminCreditB = (await latestPaymentOf(agencyB)).id;
  paid.walletOrderB = (await post(tok.agencyB, '/api/order/pay', {
    payment_type: 'Balance',
    termsAccepted: true,
    order_id: await placeOrder(t.app, tok.agencyB),
  }))!;
});
afterAll(() => t?.close());

type Who = keyof typeof tok;
const requestLink = (who: Who | null, id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/order/downloadinvoice/${id}`, headers: who ? bearer(tok[who]) : {} });

async function linkFor(who: Who, id: number): Promise<string> {
  const res = await requestLink(who, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().link as string;
}

/** Opens a link the way a new browser tab does: no bearer header. */
const open = (link: string, app: App = t.app) => {
  const url = new URL(link);
  return app.inject({ method: 'GET', url: url.pathname + url.search });
};

async function invoiceText(id: number): Promise<string> {
  const res = await open(await linkFor('admin', id));
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

const invoiceNumberOf = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.invoiceNumber;

describe('GET /api/order/downloadinvoice/{paymentId}', () => {
  it('answers a signed absolute link valid for 10 minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await requestLink('agencyA', paid.cardOrder);
    expect(res.statusCode).toBe(200);
    const link = res.json().link as string;
    const match = /^http:\/\/copydesk\.test\/api\/invoices\/(\d+)\.pdf\?expires=(\d+)&signature=([A-Za-z0-9_-]{43})$/.exec(link);
    expect(match, link).not.toBeNull();
    expect(Number(match![1])).toBe(paid.cardOrder);
    expect(Number(match![2]) - before).toBeGreaterThanOrEqual(INVOICE_LINK_TTL_SECONDS);
    expect(Number(match![2]) - before).toBeLessThanOrEqual(INVOICE_LINK_TTL_SECONDS + 5);
    expect(match![3]).toBe(createHmac('sha256', APP_KEY).update(`invoice:${paid.cardOrder}:${match![2]}`).digest('base64url'));
  });

  it('gives each role the invoices of payments it may see, and 404 for the rest', async () => {
    const cases: [Who, number, number][] = [
      ['agencyA', paid.cardOrder, 200],
      ['agencyA', paid.couponOrder, 200],
      ['agencyA', paid.associateOrder, 200],
      ['agencyA', paid.topUp, 200],
      ['associateA', paid.associateOrder, 200],
      // Associates see the payments of the orders they placed only, not the agency's own nor top-ups.
      ['associateA', paid.cardOrder, 404],
      ['associateA', paid.topUp, 404],
      ['admin', paid.cardOrder, 200],
      ['admin', paid.topUp, 200],
      ['admin', paid.adminCreditB, 200],
      ['agencyB', paid.adminCreditB, 200],
      ['agencyB', paid.walletOrderB, 200],
      ['agencyB', paid.cardOrder, 404],
      ['agencyB', paid.topUp, 404],
      ['agencyB', paid.associateOrder, 404],
      ['agencyA', paid.walletOrderB, 404],
      ['associateA', paid.adminCreditB, 404],
    ];
    for (const [who, id, status] of cases) {
      const res = await requestLink(who, id);
      expect(res.statusCode, `${who} → payment ${id}`).toBe(status);
      if (status === 404) expect(res.json()).toEqual({ code: 'payment.not_found', message: messages.paymentInfoNotFound });
      else expect(res.json().link).toMatch(new RegExp(`/api/invoices/${id}\\.pdf\\?`));
    }
  });

  it("answers 'Payment information not found' for a missing or malformed payment id, and 401 without a session", async () => {
    for (const id of ['999999', 'undefined', 'null', '0', '-1', '1.5', '99999999999']) {
      const res = await requestLink('agencyA', id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBe(messages.paymentInfoNotFound);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/order/downloadinvoice', headers: bearer(tok.agencyA) });
    expect([none.statusCode, none.json().message]).toEqual([404, messages.paymentInfoNotFound]);
    expect((await requestLink(null, paid.cardOrder)).statusCode).toBe(401);
  });
});

describe('GET /api/invoices/{id}.pdf', () => {
  it('streams the PDF of a card-paid order without a bearer header', async () => {
    const res = await open(await linkFor('agencyA', paid.cardOrder));
    expect(res.statusCode, res.body).toBe(200);
    const number = await invoiceNumberOf(paid.cardOrder);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      `Invoice no. ${number}`,
      'Copydesk',
      'Bill to',
      'Alex Agency',
      'Acme Media',
      '500 Market Street',
      'San Francisco, California 94105',
      'United States',
      'Ten ways to ship faster',
      'Rockets for everyone',
      'Launch PR',
      'Blog Post',
      '500 Words',
      '$28.00',
      'Subtotal',
      '$56.00',
      'Payment method: Card ending in 4242',
      'Status: Paid',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Coupon discount');
    expect(text).not.toContain('4242 4242');
  });

  it('prints the coupon discount with its code, and the wallet as the method', async () => {
    const text = await invoiceText(paid.couponOrder);
    expect(text).toContain(`Invoice no. ${await invoiceNumberOf(paid.couponOrder)}`);
    expect(text).toContain('Coupon discount (INVOICE5)');
    expect(text).toContain('-$5.00');
    expect(text).toMatch(/Subtotal\n\$28\.00/);
    expect(text).toMatch(/Total\n\$23\.00/);
    expect(text).toContain('Payment method: Wallet');
  });

  it('gives a top-up an invoice with a description line and no order lines', async () => {
    const text = await invoiceText(paid.topUp);
    expect(text).toContain(`Invoice no. ${await invoiceNumberOf(paid.topUp)}`);
    expect(text).toMatch(/Description\nAmount\nAdd balance\n\$100\.00/);
    expect(text).toMatch(/Total\n\$100\.00/);
    expect(text).toContain('Payment method: Card ending in 4444');
    expect(text).not.toContain('Order #');
    expect(text).not.toContain('Words');

    const credit = await invoiceText(paid.adminCreditB);
    expect(credit).toContain('Welcome credit');
    expect(credit).toContain('Bravo Studio');
    expect(credit).toContain('Payment method: Admin credit');
    expect(credit).toMatch(/Total\n\$60\.00/);
  });

  it('prints names in any Latin, Greek or Cyrillic script as written', async () => {
    const agencyA = await userIdByEmail(t.db, demo.agency);
    const [before] = await t.db.select().from(users).where(eq(users.id, agencyA));
    await t.db.update(users).set({ name: 'Zoë Łukasiewicz-Ωmega', companyName: 'ООО «Ромашка»' }).where(eq(users.id, agencyA));
    try {
      const text = await invoiceText(paid.couponOrder);
      expect(text).toContain('Zoë Łukasiewicz-Ωmega');
      expect(text).toContain('ООО «Ромашка»');
    } finally {
      await t.db.update(users).set({ name: before!.name, companyName: before!.companyName }).where(eq(users.id, agencyA));
    }
  });

  it('refuses tampered links with 403', async () => {
    const link = new URL(await linkFor('agencyA', paid.cardOrder));
    const expires = link.searchParams.get('expires')!;
    const signature = link.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const bad = [
      `/api/invoices/${paid.cardOrder}.pdf?expires=${expires}&signature=${flipped}`,
      `/api/invoices/${paid.cardOrder}.pdf?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/invoices/${paid.walletOrderB}.pdf?expires=${expires}&signature=${signature}`, // another payment, same signature
      `/api/invoices/${paid.cardOrder}.pdf?expires=${expires}`,
      `/api/invoices/${paid.cardOrder}.pdf?signature=${signature}`,
      `/api/invoices/${paid.cardOrder}.pdf`,
      `/api/invoices/${paid.cardOrder}.pdf?expires=${expires}&expires=${expires}&signature=${signature}`,
      `/api/invoices/${paid.cardOrder}.pdf?expires=${expires}&signature=${signature.slice(0, 20)}`,
    ];
    for (const url of bad) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 'invoice.link_invalid', message: invoiceMessages.linkInvalid });
    }
    // A link signed with another key (another deployment's) is refused too.
    const foreign = createHmac('sha256', 'another-key-0123456789-0123456789-xyz').update(`invoice:${paid.cardOrder}:${expires}`).digest('base64url');
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${paid.cardOrder}.pdf?expires=${expires}&signature=${foreign}` });
    expect(res.statusCode).toBe(403);
  });

  it('honours a link for 10 minutes and refuses it after, with its own message', async () => {
    const [agency] = await t.db.select().from(users).where(eq(users.email, demo.agency));
    const ctx = t.ctx;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

    const fresh = await open((await invoiceLink(ctx, agency!, { id: String(paid.cardOrder), now: minutesAgo(9) })).link);
    expect(fresh.statusCode).toBe(200);
    const stale = await open((await invoiceLink(ctx, agency!, { id: String(paid.cardOrder), now: minutesAgo(11) })).link);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ code: 'invoice.link_expired', message: invoiceMessages.linkExpired });
  });

  it('answers 404 for file names that are not an invoice', async () => {
    const link = new URL(await linkFor('agencyA', paid.cardOrder));
    for (const file of [`${paid.cardOrder}.txt`, 'abc.pdf', `${paid.cardOrder}`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${file}${link.search}` });
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('works on every instance that shares APP_KEY, and on no other', async () => {
    const link = await linkFor('agencyA', paid.cardOrder);
    const database = { db: t.db, kind: t.kind, close: async () => {} };
    const twin = await buildApp(
      testConfig({
        APP_KEY,
        PUBLIC_URL: 'http://copydesk.test',
        LOG_LEVEL: 'silent',
        INVOICE_SELLER_NAME: 'Copydesk Ltd',
        INVOICE_SELLER_ADDRESS: '1 Main Street|Springfield, IL 62701',
      }),
      { database, seed: false },
    );
    const stranger = await buildApp(testConfig({ APP_KEY: `${APP_KEY}-other`, LOG_LEVEL: 'silent' }), { database, seed: false });
    try {
      const onTwin = await open(link, twin);
      expect(onTwin.statusCode).toBe(200);
      const text = pdfText(onTwin.rawPayload);
      expect(text).toContain(`Invoice no. ${await invoiceNumberOf(paid.cardOrder)}`);
      expect(text).toMatch(/^Copydesk Ltd\n1 Main Street\nSpringfield, IL 62701\nhttp:\/\/copydesk\.test\n/);
      expect((await open(link, stranger)).statusCode).toBe(403);
    } finally {
      await twin.close();
      await stranger.close();
    }
  });
});

describe('APP_KEY', () => {
  it('is required in production and must be long enough', () => {
    const production = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' } as const;
    expect(() => loadConfig(production)).toThrow(/APP_KEY: required in production/);
    expect(() => loadConfig({ ...production, APP_KEY: 'short' })).toThrow(/APP_KEY: must be at least 32 characters/);
    expect(loadConfig({ ...production, APP_KEY })).toMatchObject({ appKey: APP_KEY, appKeyGenerated: false });
  });

  it('defaults to a random key per process outside production, with a warning in the log', async () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.appKeyGenerated).toBe(true);
    expect(a.appKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.appKey).not.toBe(b.appKey);
    expect(t.logs.join('\n')).not.toContain('APP_KEY is not set');
    const unset = await createTestApp();
    try {
      expect(unset.logs.join('\n')).toContain('APP_KEY is not set');
    } finally {
      await unset.close();
    }
  });

  it('prints the configured seller', () => {
    const config = loadConfig({ INVOICE_SELLER_NAME: 'Copydesk Ltd', INVOICE_SELLER_ADDRESS: '1 Main Street | Springfield, IL 62701|USA' });
    expect(config.invoiceSeller).toEqual({ name: 'Copydesk Ltd', addressLines: ['1 Main Street', 'Springfield, IL 62701', 'USA'] });
    expect(loadConfig({}).invoiceSeller).toEqual({ name: 'Copydesk', addressLines: [] });
  });
});
