import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, couponMessages, paymentSettlementMessages } from '@copydesk/shared';
import { coupons, orders, paymentAttempts, payments, sandboxCharges, walletEntries } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createSandboxGateway, type ChargeRequest, type PaymentGateway } from '../../lib/payment-gateway.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { cardPayload, createVerifiedAgency, orderItem, placeOrder, userIdByEmail } from '../../test/helpers.js';
import { billingRepository } from './billing.repository.js';
import { paymentAttemptsRepository } from './payment-attempts.repository.js';
import { reconcilePayments } from './payment-settlement.js';
import { databaseSandboxLedger } from './sandbox-ledger.repository.js';

/**
 * Card payments in three steps (docs/decisions/0005-card-payments-in-three-steps.md): reserve →
 * charge outside any transaction → settle, and reconciliation of what a crash leaves behind. The
 * gateway is the real sandbox (its books in the database), wrapped so a test can hold a charge open,
 * lose its answer, or act while it runs.
 */

type Hook = (
  request: ChargeRequest,
  charge: () => Promise<Awaited<ReturnType<PaymentGateway['charge']>>>,
) => Promise<Awaited<ReturnType<PaymentGateway['charge']>>>;
let hook: Hook | null = null;
const seenKeys: string[] = [];

let t: TestApp;
let gateway: PaymentGateway;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      gateway: (db) => {
        const sandbox = createSandboxGateway(databaseSandboxLedger(db));
        gateway = {
          ...sandbox,
          name: sandbox.name,
          lookupLagMs: sandbox.lookupLagMs,
          charge: (request) => {
            seenKeys.push(request.idempotencyKey);
            return hook ? hook(request, () => sandbox.charge(request)) : sandbox.charge(request);
          },
        };
        return gateway;
      },
    },
  );
});
afterAll(() => t?.close());

const ctx = () => ({ ...t.ctx, gateway });

async function freshAgency() {
  const account = await createVerifiedAgency(t.app);
  return { token: await loginAs(t.app, account.email, account.password), id: await userIdByEmail(t.db, account.email) };
}

const payByCard = (token: string, orderId: number, key: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: orderId, ...cardPayload(), ...extra } },
  });

const attemptsOfOrder = (orderId: number) => t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
const orderPayments = (orderId: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')));
const paidAt = async (orderId: number) => (await t.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId)))[0]!.paidAt;

/** A gate a held charge waits behind. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('card payments in three steps', () => {
  it('holds no transaction while the gateway thinks: other calls and payments go on meanwhile', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    const held = gate();
    let charging!: () => void;
    const started = new Promise<void>((resolve) => (charging = resolve));
    hook = async (_request, charge) => {
      charging();
      await held.opened;
      return charge();
    };
    const paying = payByCard(a.token, orderId, 'held-1');
    await started;
    try {
      // The attempt is committed before the gateway is called.
      const [attempt] = await attemptsOfOrder(orderId);
      expect(attempt).toMatchObject({ status: 'pending', amountCents: 2800 });
      // On the embedded database a transaction left open would make every one of these wait.
      const b = await freshAgency();
      const other = await placeOrder(t.app, b.token, [orderItem()]);
      const info = await Promise.race([
        t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(b.token) }),
        new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000)),
      ]);
      expect(info === 'blocked' ? 'blocked' : info.statusCode).toBe(200);
      expect(await paidAt(other)).toBeNull();
      // The same order cannot be paid twice meanwhile, by wallet or by another card attempt.
      const byWallet = await t.app.inject({
        method: 'POST',
        url: '/api/order/pay',
        headers: bearer(a.token),
        payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
      });
      expect(byWallet.statusCode).toBe(409);
      expect(byWallet.json().message).toBe(paymentSettlementMessages.inProgress);
      const secondCard = await payByCard(a.token, orderId, 'held-2');
      expect(secondCard.statusCode).toBe(409);
    } finally {
      held.open();
    }
    const res = await paying;
    hook = null;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(billingMessages.paid);
    expect(await orderPayments(orderId)).toHaveLength(1);
    const [attempt] = await attemptsOfOrder(orderId);
    expect(attempt).toMatchObject({ status: 'succeeded', paymentId: res.json().payment_id });
  });

  it('charges under a key scoped to the agency and the attempt, never the client key', async () => {
    const a = await freshAgency();
    const b = await freshAgency();
    const orderA = await placeOrder(t.app, a.token, [orderItem()]);
    const orderB = await placeOrder(t.app, b.token, [orderItem()]);
    seenKeys.length = 0;
    expect((await payByCard(a.token, orderA, 'same-client-key')).statusCode).toBe(200);
    expect((await payByCard(b.token, orderB, 'same-client-key')).statusCode).toBe(200);
    const [attemptA] = await attemptsOfOrder(orderA);
    const [attemptB] = await attemptsOfOrder(orderB);
    expect(seenKeys).toEqual([`copydesk-agency-${a.id}-payment-${attemptA!.id}`, `copydesk-agency-${b.id}-payment-${attemptB!.id}`]);
    expect(seenKeys.join(' ')).not.toContain('same-client-key');
    const [payment] = await orderPayments(orderA);
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, seenKeys[0]!));
    expect(payment!.gatewayRef).toBe(charge!.chargeRef);
  });

  it('a charge whose answer was lost ends as a paid order once reconciled, and a retry answers the same payment', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    hook = async (_request, charge) => {
      await charge();
      throw new AppError('payment.gateway_unavailable'); // the connection dropped after the capture
    };
    const lost = await payByCard(a.token, orderId, 'lost-answer');
    hook = null;
    expect(lost.statusCode).toBe(503);
    expect(await paidAt(orderId)).toBeNull();
    expect((await attemptsOfOrder(orderId))[0]).toMatchObject({ status: 'pending' });

    const counts = await reconcilePayments(ctx(), { leaseMs: 0 });
    expect(counts.succeeded).toBeGreaterThanOrEqual(1);
    expect(await paidAt(orderId)).not.toBeNull();
    const [payment] = await orderPayments(orderId);
    expect(payment).toBeDefined();

    // The client retries with its key: it gets the payment, and nothing is charged again.
    const charges = (await t.db.select().from(sandboxCharges)).length;
    const retry = await payByCard(a.token, orderId, 'lost-answer');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payment_id).toBe(payment!.id);
    expect((await t.db.select().from(sandboxCharges)).length).toBe(charges);
    expect(await orderPayments(orderId)).toHaveLength(1);
  });

  it('a retry with the same key resumes the attempt the gateway never answered', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    hook = async () => {
      throw new AppError('payment.gateway_unavailable'); // never reached the gateway
    };
    expect((await payByCard(a.token, orderId, 'resume-me')).statusCode).toBe(503);
    hook = null;
    const retry = await payByCard(a.token, orderId, 'resume-me');
    expect(retry.statusCode, retry.body).toBe(200);
    const rows = await attemptsOfOrder(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded' });
  });

  it('an attempt that never reached the gateway is marked failed, and the order can be paid again', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    hook = async () => {
      throw new AppError('payment.gateway_unavailable');
    };
    expect((await payByCard(a.token, orderId, 'never-charged')).statusCode).toBe(503);
    hook = null;
    // Within its lease another attempt waits for it…
    expect((await payByCard(a.token, orderId, 'next-try')).statusCode).toBe(409);
    // …until reconciliation asks the gateway, which took nothing.
    const counts = await reconcilePayments(ctx(), { leaseMs: 0 });
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect((await attemptsOfOrder(orderId))[0]).toMatchObject({ status: 'failed' });
    expect(await paidAt(orderId)).toBeNull();
    const next = await payByCard(a.token, orderId, 'next-try-2');
    expect(next.statusCode, next.body).toBe(200);
    expect(await orderPayments(orderId)).toHaveLength(1);
  });

  it('a declined card fails the attempt and takes nothing', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    const res = await payByCard(a.token, orderId, 'declined', { cardNumber: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(billingMessages.declined);
    expect((await attemptsOfOrder(orderId))[0]).toMatchObject({ status: 'failed', failure: billingMessages.declined });
    expect(await orderPayments(orderId)).toHaveLength(0);
  });

  it('refunds the charge when the payment can no longer be booked (the coupon ran out meanwhile)', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `LAST${Date.now()}`, type: 'fixed', amount: 500, expiry: '2999-12-31', usageLimit: 1 })
      .returning();
    hook = async (_request, charge) => {
      const result = await charge();
      // Someone else redeems the last use while this card is being charged.
      await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon!.id));
      return result;
    };
    const res = await payByCard(a.token, orderId, 'coupon-race', { coupon_id: coupon!.id });
    hook = null;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.coupon).toContain(couponMessages.usedUp);
    const [attempt] = await attemptsOfOrder(orderId);
    expect(attempt).toMatchObject({ status: 'refunded', failure: couponMessages.usedUp, amountCents: 2300 });
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.chargeRef, attempt!.chargeRef!));
    expect(charge).toMatchObject({ amountCents: 2300, refundedCents: 2300 });
    expect(await paidAt(orderId)).toBeNull();
    expect(await orderPayments(orderId)).toHaveLength(0);
  });

  it('reconciliation books a captured attempt a crash left behind, exactly once, even when two passes race', async () => {
    const a = await freshAgency();
    // A top-up whose process died after the capture was recorded, before booking.
    hook = async (_request, charge) => {
      const result = await charge();
      throw Object.assign(new Error('process killed'), { result });
    };
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: { ...bearer(a.token), 'idempotency-key': 'crashed-topup' },
      payload: { paymentInfo: { balance: 75, ...cardPayload() } },
    });
    hook = null;
    expect(topUp.statusCode).toBe(500);
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.agencyId, a.id));
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, attempt!.gatewayKey!));
    await paymentAttemptsRepository.markCaptured(t.db, attempt!.id, { chargeRef: charge!.chargeRef, card: charge!.card, savedRef: null });

    const passes = await Promise.all([reconcilePayments(ctx(), { leaseMs: 0 }), reconcilePayments(ctx(), { leaseMs: 0 })]);
    expect(passes[0]!.succeeded + passes[1]!.succeeded).toBe(1);
    expect(await billingRepository.balanceOf(t.db, a.id)).toBe(7500);
    expect(await billingRepository.ledgerSum(t.db, a.id)).toBe(7500);
    const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.agencyId, a.id));
    expect(entries).toHaveLength(1);
    expect(await paymentAttemptsRepository.countUnsettled(t.db)).toBe(0);
  });

  it('ten card payments racing for one order: one charge, one payment, the rest told to wait', async () => {
    const a = await freshAgency();
    const orderId = await placeOrder(t.app, a.token, [orderItem()]);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => payByCard(a.token, orderId, `race-${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const keys = (await attemptsOfOrder(orderId)).map((row) => row.gatewayKey!);
    const charged = (await t.db.select().from(sandboxCharges)).filter((c) => keys.includes(c.idempotencyKey));
    expect(charged).toHaveLength(1);
    expect(await orderPayments(orderId)).toHaveLength(1);
  }, 30_000);

  it('twenty top-ups at once each credit the wallet once', async () => {
    const a = await freshAgency();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/billing/addBalance',
          headers: { ...bearer(a.token), 'idempotency-key': `topup-race-${i % 10}` },
          payload: { paymentInfo: { balance: 10, ...cardPayload() } },
        }),
      ),
    );
    // Ten distinct keys, each sent twice: every key charges once; a repeat answers the first or waits.
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const attemptsOfAgency = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.agencyId, a.id));
    expect(attemptsOfAgency.filter((row) => row.status === 'succeeded')).toHaveLength(10);
    expect(await billingRepository.balanceOf(t.db, a.id)).toBe(10_000);
    expect(await billingRepository.ledgerSum(t.db, a.id)).toBe(10_000);
  }, 30_000);
});
