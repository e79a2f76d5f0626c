import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orderMessages } from '@copydesk/shared';
import { activityLogs, orderItems, orders, paymentAttempts, payments, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { orderItem, placeOrder, signInRoleMatrix, type MatrixRole } from '../../test/helpers.js';

/**
 * Customers delete their unpaid orders and items (docs/decisions/0034-customers-delete-unpaid-orders.md):
 * an agency its team's, an associate its own; paid ones stay the admin's, refunded. Each deletion is
 * an activity entry per item, and a deleted order can no longer be paid. The race of a payment and a
 * deletion of the same order takes turns on the order's row lock: on real PostgreSQL
 * (TEST_DATABASE_URL) the requests truly overlap; on the embedded database they check the outcome.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let tok: Record<MatrixRole, string>;
let ids: Record<MatrixRole, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInRoleMatrix(t.app, t.db));
  const credit = await call('admin', 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: ids.agencyA, balance: 5000, description: 'Deletion tests' },
  });
  expect(credit.statusCode, credit.body).toBe(200);
});
afterAll(() => t?.close());

const call = (who: MatrixRole, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(tok[who]), ...(payload === undefined ? {} : { payload: payload as object }) });

const twoItems = () => [orderItem(), orderItem({ articleTitle: 'A second piece' })];
const order = (who: MatrixRole, items = twoItems()) => placeOrder(t.app, tok[who], items);
const pay = (who: MatrixRole, orderId: number) =>
  call(who, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', order_id: orderId, termsAccepted: true } });
const itemIds = async (orderId: number) =>
  (await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id)).map((r) => r.id);
const isDeleted = async (orderId: number) => (await t.db.select({ at: orders.deletedAt }).from(orders).where(eq(orders.id, orderId)))[0]!.at !== null;
const activityOf = (itemIdList: number[]) =>
  t.db
    .select({ itemId: activityLogs.itemId, userId: activityLogs.userId, description: activityLogs.description })
    .from(activityLogs)
    .where(inArray(activityLogs.itemId, itemIdList))
    .orderBy(activityLogs.itemId);
const balanceOfA = async () => (await t.db.select({ cents: wallets.balanceCents }).from(wallets).where(eq(wallets.agencyId, ids.agencyA)))[0]!.cents;

describe('DELETE /api/order/{id} by customers', () => {
  it('lets an agency delete its own unpaid order and its associate’s, each item getting an activity entry', async () => {
    for (const owner of ['agencyA', 'associateA'] as const) {
      const id = await order(owner);
      const items = await itemIds(id);
      const res = await call('agencyA', 'DELETE', `/api/order/${id}`);
      expect([res.statusCode, res.json()]).toEqual([200, { message: messages.success }]);
      expect(await isDeleted(id)).toBe(true);
      expect((await call('agencyA', 'GET', `/api/order/getById/${id}`)).statusCode).toBe(404);
      expect(await activityOf(items)).toEqual(
        items.map((itemId) => ({ itemId, userId: ids.agencyA, description: 'Order deleted by the agency before payment' })),
      );
      const live = await t.db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, id), sql`${orderItems.deletedAt} is null`));
      expect(live).toEqual([]);
    }
  });

  it('lets an associate delete its own unpaid order, not its agency’s or another associate’s (404, as for any order out of reach)', async () => {
    const own = await order('associateA');
    const res = await call('associateA', 'DELETE', `/api/order/${own}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await activityOf(await itemIds(own))).map((a) => [a.userId, a.description])).toEqual([
      [ids.associateA, 'Order deleted by an associate before payment'],
      [ids.associateA, 'Order deleted by an associate before payment'],
    ]);

    for (const owner of ['agencyA', 'associateA2'] as const) {
      const id = await order(owner);
      const refused = await call('associateA', 'DELETE', `/api/order/${id}`);
      expect([refused.statusCode, refused.json().message]).toEqual([404, messages.notFound]);
      expect(await isDeleted(id)).toBe(false);
    }
  });

  it('never reaches another agency’s orders', async () => {
    const id = await order('associateA');
    for (const who of ['agencyB', 'associateB'] as const) {
      const refused = await call(who, 'DELETE', `/api/order/${id}`);
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'request.not_found']);
    }
    expect(await isDeleted(id)).toBe(false);
  });

  it('leaves paid orders to the admin, who refunds them as before', async () => {
    const id = await order('associateA');
    expect((await pay('associateA', id)).statusCode).toBe(200);
    for (const who of ['agencyA', 'associateA'] as const) {
      const refused = await call(who, 'DELETE', `/api/order/${id}`);
      expect([refused.statusCode, refused.json()]).toEqual([403, { code: 'order.paid_delete_admin_only', message: orderMessages.paidDeleteAdminOnly }]);
    }
    expect(await isDeleted(id)).toBe(false);
    const before = await balanceOfA();
    const removed = await call('admin', 'DELETE', `/api/order/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await balanceOfA()) - before).toBe(5600);
  });

  it('keeps the admin’s deletion of an unpaid order as it was', async () => {
    const id = await order('agencyA');
    expect((await call('admin', 'DELETE', `/api/order/${id}`)).json()).toEqual({ message: messages.success });
    expect(await isDeleted(id)).toBe(true);
  });

  it('makes a deleted order unpayable: the payment answers 404 and takes nothing', async () => {
    const id = await order('agencyA');
    expect((await call('agencyA', 'DELETE', `/api/order/${id}`)).statusCode).toBe(200);
    const before = await balanceOfA();
    const paid = await pay('agencyA', id);
    expect(paid.statusCode).toBe(404);
    expect(await balanceOfA()).toBe(before);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, id))).toEqual([]);
  });

  it('waits for a card payment under way instead of deleting the order it is charging', async () => {
    const id = await order('agencyA');
    const [attempt] = await t.db
      .insert(paymentAttempts)
      .values({
        kind: 'order',
        agencyId: ids.agencyA,
        userId: ids.agencyA,
        orderId: id,
        requestKey: `deletion-test-${id}`,
        method: 'NewCard',
        subtotalCents: 5600,
        amountCents: 5600,
        description: 'In flight',
        details: {} as never,
        gateway: 'sandbox',
      })
      .returning({ id: paymentAttempts.id });
    const refused = await call('agencyA', 'DELETE', `/api/order/${id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'order.payment_in_flight']);
    const item = await call('agencyA', 'DELETE', `/api/content/${(await itemIds(id))[0]}`);
    expect([item.statusCode, item.json().code]).toEqual([409, 'order.payment_in_flight']);
    expect(await isDeleted(id)).toBe(false);
    await t.db.update(paymentAttempts).set({ status: 'failed' }).where(eq(paymentAttempts.id, attempt!.id));
    expect((await call('agencyA', 'DELETE', `/api/order/${id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/content/{id} by customers', () => {
  it('lets an agency delete an item of its associate’s unpaid order: the total follows, with an activity entry', async () => {
    const id = await order('associateA');
    const [first, second] = await itemIds(id);
    const res = await call('agencyA', 'DELETE', `/api/content/${first}`);
    expect([res.statusCode, res.json()]).toEqual([200, { message: messages.success }]);
    const detail = (await call('associateA', 'GET', `/api/order/getById/${id}`)).json();
    expect(detail.content.map((c: { id: number }) => c.id)).toEqual([second]);
    expect([detail.total, detail.order.no_of_content]).toEqual([28, 1]);
    expect(await activityOf([first!])).toEqual([{ itemId: first, userId: ids.agencyA, description: 'Deleted by the agency before payment' }]);
    const last = await call('agencyA', 'DELETE', `/api/content/${second}`);
    expect([last.statusCode, last.json().message]).toEqual([409, orderMessages.lastItem]);
  });

  it('lets an associate delete items of its own unpaid orders only', async () => {
    const own = await order('associateA');
    expect((await call('associateA', 'DELETE', `/api/content/${(await itemIds(own))[0]}`)).statusCode).toBe(200);
    for (const owner of ['agencyA', 'associateA2'] as const) {
      const item = (await itemIds(await order(owner)))[0];
      expect((await call('associateA', 'DELETE', `/api/content/${item}`)).statusCode).toBe(404);
    }
    const foreign = (await itemIds(await order('associateA')))[0];
    expect((await call('agencyB', 'DELETE', `/api/content/${foreign}`)).statusCode).toBe(404);
    expect((await call('associateB', 'DELETE', `/api/content/${foreign}`)).statusCode).toBe(404);
  });

  it('refuses the items of a paid order to customers, and refunds them for the admin as before', async () => {
    const id = await order('agencyA');
    expect((await pay('agencyA', id)).statusCode).toBe(200);
    const [first] = await itemIds(id);
    const refused = await call('agencyA', 'DELETE', `/api/content/${first}`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'order.paid_delete_admin_only']);
    const before = await balanceOfA();
    expect((await call('admin', 'DELETE', `/api/content/${first}`)).statusCode).toBe(200);
    expect((await balanceOfA()) - before).toBe(2800);
  });
});

describe('POST /api/order/delete (several unpaid orders together)', () => {
  it('deletes every selected unpaid order of the agency’s team at once', async () => {
    const mine = await order('agencyA');
    const theirs = await order('associateA');
    const res = await call('agencyA', 'POST', '/api/order/delete', { ids: [theirs, mine] });
    expect([res.statusCode, res.json()]).toEqual([200, { message: orderMessages.ordersDeleted(2), deleted: [mine, theirs].sort((a, b) => a - b) }]);
    expect([await isDeleted(mine), await isDeleted(theirs)]).toEqual([true, true]);
    expect(await activityOf([...(await itemIds(mine)), ...(await itemIds(theirs))])).toHaveLength(4);
  });

  it('deletes none when one of them is paid, out of reach or gone', async () => {
    const unpaid = await order('agencyA');
    const paid = await order('agencyA');
    expect((await pay('agencyA', paid)).statusCode).toBe(200);
    const withPaid = await call('agencyA', 'POST', '/api/order/delete', { ids: [unpaid, paid] });
    expect([withPaid.statusCode, withPaid.json().code]).toEqual([403, 'order.paid_delete_admin_only']);
    const byAdmin = await call('admin', 'POST', '/api/order/delete', { ids: [unpaid, paid] });
    expect([byAdmin.statusCode, byAdmin.json().code]).toEqual([409, 'order.paid_locked']);
    const agencysOrder = await order('agencyA');
    const outOfReach = await call('associateA', 'POST', '/api/order/delete', { ids: [await order('associateA'), agencysOrder] });
    expect(outOfReach.statusCode).toBe(404);
    const foreign = await call('agencyB', 'POST', '/api/order/delete', { ids: [unpaid] });
    expect(foreign.statusCode).toBe(404);
    expect([await isDeleted(unpaid), await isDeleted(paid), await isDeleted(agencysOrder)]).toEqual([false, false, false]);
    expect((await call('admin', 'POST', '/api/order/delete', { ids: [unpaid] })).statusCode).toBe(200);
  });

  it('answers a malformed selection with 422', async () => {
    const id = await order('agencyA');
    for (const body of [{ ids: [] }, { ids: [id, id] }, { ids: ['x'] }, {}, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await call('agencyA', 'POST', '/api/order/delete', body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([422, 'validation.failed']);
    }
    expect(await isDeleted(id)).toBe(false);
  });
});

describe('a payment and a deletion of the same order', () => {
  it('take turns: one of them wins whole, and no money moves for a deleted order', async () => {
    const rounds = 8;
    let peak = 0;
    const pool = t.kind === 'postgres' ? (t.db as unknown as { $client: pg.Pool }).$client : null;
    let busy = 0;
    const acquired = () => {
      busy += 1;
      peak = Math.max(peak, busy);
    };
    const released = () => {
      busy -= 1;
    };
    pool?.on('acquire', acquired);
    pool?.on('release', released);
    const outcomes = new Set<string>();
    try {
      for (let round = 0; round < rounds; round += 1) {
        const id = await order(round % 2 ? 'associateA' : 'agencyA');
        const before = await balanceOfA();
        // Alternate who starts, so both orders of arrival are tried.
        const [paid, deleted] =
          round % 2
            ? await Promise.all([pay('agencyA', id), call('agencyA', 'DELETE', `/api/order/${id}`)])
            : await Promise.all([call('agencyA', 'DELETE', `/api/order/${id}`), pay('agencyA', id)]).then(([d, p]) => [p, d] as const);
        const outcome = `${paid.statusCode}/${deleted.statusCode}`;
        outcomes.add(outcome);
        expect(['200/403', '404/200'], `${paid.body} ${deleted.body}`).toContain(outcome);
        const paymentRows = await t.db.select().from(payments).where(eq(payments.orderId, id));
        if (paid.statusCode === 200) {
          expect(await isDeleted(id)).toBe(false);
          expect(paymentRows).toHaveLength(1);
          expect(before - (await balanceOfA())).toBe(5600);
        } else {
          expect(await isDeleted(id)).toBe(true);
          expect(paymentRows).toEqual([]);
          expect(await balanceOfA()).toBe(before);
        }
      }
    } finally {
      pool?.off('acquire', acquired);
      pool?.off('release', released);
    }
    // On PostgreSQL the two requests held connections at the same time, so the lock decided.
    if (onPostgres) expect(peak).toBeGreaterThan(1);
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
