import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, messages, offerMessages } from '@copydesk/shared';
import { offerCredits, outboxEmails, walletEntries } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import {
  createVerifiedAgency,
  fundedAgency,
  latestEmailTo,
  linkIn,
  orderItem,
  placeOrder,
  signInTenants,
  uniqueEmail,
  userIdByEmail,
} from '../../test/helpers.js';
import { usersRepository } from '../users/users.repository.js';
import { billingRepository } from '../billing/billing.repository.js';
import { formatCredit } from '../billing/booking.js';
import { offerStatus } from './offers.service.js';

// The offer threshold is $50 here, so two $28 orders reach it.
let t: TestApp;
let tok: { admin: string; agencyA: string; associateA: string; agencyB: string };
let ids: { admin: number; agencyA: number; associateA: number; agencyB: number };
let emailB: string;

beforeAll(async () => {
  t = await createTestApp({ OFFER_THRESHOLD: '50' });
  const tenants = await signInTenants(t.app, t.db);
  ({ tok, ids } = tenants);
  emailB = tenants.agencyB.email;
});
afterAll(() => t?.close());

type Who = keyof typeof tok;
const get = (who: Who | string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who === null ? {} : bearer(who in tok ? tok[who as Who] : who) });
const status = async (who: Who | string) => {
  const res = await get(who, '/api/getOfferStatus');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; remaining_amount: number; show: boolean };
};
const payFromWallet = async (token: string, orderId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: bearer(token),
    payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; payment_id: number; offer_message: string | null };
};
const balanceCents = (agencyId: number) => billingRepository.balanceOf(t.db, agencyId);

/** A new associate of an agency, signed in. */
async function addAssociate(agencyId: number, name = 'Nia Associate') {
  const email = uniqueEmail('associate');
  await usersRepository.insert(t.db, {
    name,
    email,
    role: 'associate',
    agencyId,
    passwordHash: await hashPassword(demo.password),
    emailVerifiedAt: new Date(),
  });
  return { email, token: await loginAs(t.app, email) };
}

describe('GET /api/getOfferStatus and the credit', () => {
  it('counts down to the credit, grants it once in the payment that reaches the threshold, then says it was received', async () => {
    const agency = await createVerifiedAgency(t.app, { company_name: 'Offer Seekers', name: 'Olga Offer' });
    const token = await loginAs(t.app, agency.email, agency.password);
    const agencyId = await userIdByEmail(t.db, agency.email);
    const associate = await addAssociate(agencyId);
    const topUp = await get('admin', '/api/getOfferStatus');
    expect(topUp.json()).toEqual({ message: '', remaining_amount: 0, show: false });
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(tok.admin),
      payload: { paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 100, description: 'Start' } },
    });
    expect(credit.statusCode, credit.body).toBe(200);

    // A top-up is not an order: still $50 to go.
    expect(await status(token)).toEqual({ message: "You're $50.00 away from gaining $100 credit.", remaining_amount: 50, show: true });

    // An unpaid order does not count; a paid one ($28) does.
    const first = await placeOrder(t.app, token);
    expect((await status(token)).remaining_amount).toBe(50);
    expect((await payFromWallet(token, first)).offer_message).toBeNull();
    const expected = { message: "You're $22.00 away from gaining $100 credit.", remaining_amount: 22, show: true };
    expect(await status(token)).toEqual(expected);
    // The associate sees its agency's progress.
    expect(await status(associate.token)).toEqual(expected);
    expect(await t.db.select().from(offerCredits).where(eq(offerCredits.agencyId, agencyId))).toEqual([]);

    // The associate's $28 order takes the agency to $56: the credit arrives with that payment.
    const before = await balanceCents(agencyId);
    const second = await placeOrder(t.app, associate.token);
    const paid = await payFromWallet(associate.token, second);
    expect(paid.offer_message).toBe(billingMessages.offerGranted('$100'));
    expect(await balanceCents(agencyId)).toBe(before - 2800 + 10000);
    const entries = await t.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.agencyId, agencyId), eq(walletEntries.kind, 'offer_credit')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountCents: 10000, paymentId: paid.payment_id, kind: 'offer_credit' });
    expect(await billingRepository.ledgerSum(t.db, agencyId)).toBe(await balanceCents(agencyId));

    const received = { message: offerMessages.received('$100'), remaining_amount: 0, show: false };
    expect(received.message).toBe('You have received your $100 credit. Thank you for ordering with us!');
    expect(await status(token)).toEqual(received);
    expect(await status(associate.token)).toEqual(received);

    // Only once: later payments carry no offer message and add no credit.
    const third = await placeOrder(t.app, token, [orderItem(), orderItem()]);
    expect((await payFromWallet(token, third)).offer_message).toBeNull();
    expect(
      await t.db
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.agencyId, agencyId), eq(walletEntries.kind, 'offer_credit'))),
    ).toHaveLength(1);
    expect(await status(token)).toEqual(received);
  });

  it('keeps each agency to its own progress', async () => {
    // Agency B has paid nothing, whatever other agencies did.
    expect(await status('agencyB')).toEqual({ message: "You're $50.00 away from gaining $100 credit.", remaining_amount: 50, show: true });
    expect(await status('agencyA')).toMatchObject({ remaining_amount: 50, show: true });
    expect(await status('associateA')).toMatchObject({ remaining_amount: 50, show: true });
  });

  it('says the credit comes with the next payment when the threshold is reached but nothing was granted yet', async () => {
    // The state after the threshold is lowered: spending above it, no credit row.
    const agency = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, agency.email, agency.password);
    const agencyId = await userIdByEmail(t.db, agency.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(tok.admin),
      payload: { paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 200, description: 'Start' } },
    });
    const orderId = await placeOrder(t.app, token, [orderItem(), orderItem()]);
    expect((await payFromWallet(token, orderId)).offer_message).toBe(billingMessages.offerGranted('$100'));
    await t.db.delete(offerCredits).where(eq(offerCredits.agencyId, agencyId));
    expect(await status(token)).toEqual({ message: offerMessages.due('$100'), remaining_amount: 0, show: true });
  });

  it('uses the configured credit and threshold in the banner', async () => {
    const agency = await createVerifiedAgency(t.app);
    const user = (await usersRepository.findByEmail(t.db, agency.email))!;
    const ctx = { ...t.ctx, config: { ...t.ctx.config, offer: { thresholdCents: 123_456, creditCents: 2550 } } };
    expect(await offerStatus(ctx, user)).toEqual({ message: "You're $1,234.56 away from gaining $25.50 credit.", remaining_amount: 1234.56, show: true });
    expect(formatCredit(10000)).toBe('$100');
    expect(formatCredit(250000)).toBe('$2,500');
    expect(formatCredit(10050)).toBe('$100.50');
  });

  it('answers admins without a banner and refuses visitors', async () => {
    expect(await status('admin')).toEqual({ message: '', remaining_amount: 0, show: false });
    expect((await get(null, '/api/getOfferStatus')).statusCode).toBe(401);
    expect((await get('not-a-valid-token-0123456789', '/api/getOfferStatus')).statusCode).toBe(401);
  });
});

describe('GET /api/notifyAgency', () => {
  const outboxCount = async (to: string) => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).length;

  it("emails the associate's agency and answers with the message", async () => {
    const before = await outboxCount(demo.agency);
    const res = await get('associateA', '/api/notifyAgency');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your agency has been notified.' });
    expect(await outboxCount(demo.agency)).toBe(before + 1);
    const mail = await latestEmailTo(t.app, demo.agency);
    expect(mail!.subject).toBe('Sam Associate needs more balance to pay an order');
    expect(mail!.text).toContain('Hello Acme Media,');
    expect(mail!.text).toContain('Sam Associate (associate@example.com) needs more balance to pay an order.');
    expect(mail!.text).toContain(`Your available balance is $${((await balanceCents(ids.agencyA)) / 100).toFixed(2)}.`);
    expect(mail!.text).toContain('Add Balance: http://copydesk.test/billing?add-balance=1');
    expect(mail!.text).not.toContain('/login?token=');
    expect(mail!.html).toContain('Sam Associate (associate@example.com)');
  });

  it('names the order and how much is missing when the associate passes its order', async () => {
    const agency = await createVerifiedAgency(t.app, { company_name: 'Thin Wallet Ltd' });
    const agencyId = await userIdByEmail(t.db, agency.email);
    const associate = await addAssociate(agencyId, 'Tom <Short>');
    const orderId = await placeOrder(t.app, associate.token, [orderItem(), orderItem()]);
    const res = await get(associate.token, `/api/notifyAgency?order_id=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await latestEmailTo(t.app, agency.email);
    expect(mail!.subject).toBe(`Tom <Short> needs more balance to pay order #${orderId}`);
    expect(mail!.text).toContain(`Tom <Short> (${associate.email}) needs more balance to pay order #${orderId} of $56.00.`);
    expect(mail!.text).toContain('Your available balance is $0.00, $56.00 short of this order.');
    expect(mail!.text).toContain(`Pay order #${orderId}: http://copydesk.test/login?token=`);
    // Names are escaped in the HTML part.
    expect(mail!.html).toContain('Tom &lt;Short&gt;');
    expect(mail!.html).not.toContain('<Short>');
  });

  it('says the shortfall against the balance the wallet holds, and carries a one-time link that opens only that order', async () => {
    const { id: agencyId } = await fundedAgency(t.app, t.db, tok.admin, 20);
    const agency = (await usersRepository.findById(t.db, agencyId))!;
    expect(await balanceCents(agencyId)).toBe(2000);
    const associate = await addAssociate(agencyId, 'Pat Short');
    const orderId = await placeOrder(t.app, associate.token, [orderItem(), orderItem()]);
    const otherOrder = await placeOrder(t.app, associate.token);
    expect((await get(associate.token, `/api/notifyAgency?order_id=${orderId}`)).statusCode).toBe(200);
    const mail = await latestEmailTo(t.app, agency.email);
    expect(mail!.subject).toBe(`Pat Short needs more balance to pay order #${orderId}`);
    expect(mail!.text).toContain(`needs more balance to pay order #${orderId} of $56.00.`);
    // $56.00 due, $20.00 held: $36.00 short.
    expect(mail!.text).toContain('Your available balance is $20.00, $36.00 short of this order.');
    const link = linkIn(mail!.text, /http\S+\/login\?token=[A-Za-z0-9_-]+&order_id=\d+/);
    expect(new URL(link).searchParams.get('order_id')).toBe(String(orderId));
    expect(mail!.html).toContain(`>Pay order #${orderId}</a>`);

    // The link signs the agency in once, for that order's payment page and nothing else.
    const exchange = await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${new URL(link).searchParams.get('token')}` });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const session = exchange.json() as { token: string; user: { id: number } };
    expect(session.user.id).toBe(agencyId);
    const order = await get(session.token, `/api/order/getById/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().total).toBe(56);
    expect((await get(session.token, `/api/order/getById/${otherOrder}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${new URL(link).searchParams.get('token')}` })).statusCode).toBe(401);
  });

  it('refuses agencies and admins naming an order, their own or not, sending nothing', async () => {
    const agencysOwn = await placeOrder(t.app, tok.agencyA);
    const associates = await placeOrder(t.app, tok.associateA);
    const before = (await t.db.select().from(outboxEmails)).length;
    for (const [who, orderId] of [
      ['agencyA', agencysOwn],
      ['agencyA', associates],
      ['agencyB', associates],
      ['admin', associates],
    ] as const) {
      const res = await get(who, `/api/notifyAgency?order_id=${orderId}`);
      expect(res.statusCode, `${who} ${orderId}`).toBe(403);
      expect(res.json()).toEqual({ code: 'auth.forbidden', message: messages.forbidden });
    }
    expect((await get(null, `/api/notifyAgency?order_id=${associates}`)).statusCode).toBe(401);
    expect((await t.db.select().from(outboxEmails)).length).toBe(before);
  });

  it('refuses orders the associate cannot see, paid orders and malformed ids, sending nothing', async () => {
    const associate = await addAssociate(ids.agencyA);
    const otherTenant = await placeOrder(t.app, tok.agencyB);
    // (An associate's new order emails the agency itself, so count after placing it.)
    const colleagues = await placeOrder(t.app, tok.associateA);
    const before = await outboxCount(demo.agency);
    const res404 = await get(associate.token, `/api/notifyAgency?order_id=${otherTenant}`);
    expect(res404.statusCode).toBe(404);
    // Another associate's order of the same agency is not this associate's either.
    expect((await get(associate.token, `/api/notifyAgency?order_id=${colleagues}`)).statusCode).toBe(404);
    for (const q of ['abc', '-1', '0', '1.5', '99999999999']) expect((await get(associate.token, `/api/notifyAgency?order_id=${q}`)).statusCode, q).toBe(422);
    expect(await outboxCount(demo.agency)).toBe(before);

    const other = await addAssociate(ids.agencyA);
    const own = await placeOrder(t.app, other.token);
    await payFromWallet(other.token, own);
    const beforePaid = await outboxCount(demo.agency);
    const paid = await get(other.token, `/api/notifyAgency?order_id=${own}`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(billingMessages.alreadyPaid);
    expect(await outboxCount(demo.agency)).toBe(beforePaid);
  });

  it('is for associates only', async () => {
    const before = (await t.db.select().from(outboxEmails)).length;
    for (const who of ['agencyA', 'agencyB', 'admin'] as const) {
      const res = await get(who, '/api/notifyAgency');
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(messages.forbidden);
    }
    expect((await get(null, '/api/notifyAgency')).statusCode).toBe(401);
    expect((await t.db.select().from(outboxEmails)).length).toBe(before);
    expect(await outboxCount(emailB)).toBe(1); // only B's verification email
  });

  it('allows 3 emails an hour per associate, then answers 429 with a message', async () => {
    const first = await addAssociate(ids.agencyA);
    const second = await addAssociate(ids.agencyA);
    const before = await outboxCount(demo.agency);
    for (let i = 0; i < 3; i++) expect((await get(first.token, '/api/notifyAgency')).statusCode).toBe(200);
    const limited = await get(first.token, '/api/notifyAgency');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'offer.notify_too_often', message: offerMessages.notifyTooOften });
    expect(await outboxCount(demo.agency)).toBe(before + 3);
    // The limit is per user, not per address.
    expect((await get(second.token, '/api/notifyAgency')).statusCode).toBe(200);
  });
});
