import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../db/client.js';
import { activityLogs, orderItems } from '../../db/schema/index.js';
import { createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { orderItem, placeOrder, userIdByEmail, walkItemsTo } from '../../test/helpers.js';
import { moveItem, moveItems, type ItemMover, type ItemState } from './item-lifecycle.js';

/**
 * The item state machine (item-lifecycle.ts, migration 0017): the database refuses every move the
 * transition table does not list, even from raw SQL, and each legal move made through moveItems
 * writes exactly one activity entry.
 */

const STATUSES = ['Unpaid', 'Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'] as const;
type Status = (typeof STATUSES)[number];

/** The legal moves and who may make them, as the product's rules state them. */
const LEGAL: Record<string, ItemMover[]> = {
  'Unpaid → Unassigned': ['payment'],
  'Unassigned → In Progress': ['fulfilment'],
  'Revision Requested → In Progress': ['fulfilment'],
  'In Progress → Pending Review': ['fulfilment'],
  'Pending Review → Approved': ['orderer', 'auto_approval'],
  'Pending Review → Revision Requested': ['orderer'],
  // The orderer's side deletes its unpaid items too (migration 0024, docs/decisions/0034-customers-delete-unpaid-orders.md).
  'Unpaid → Deleted': ['admin', 'orderer'],
  'Unassigned → Deleted': ['admin'],
  'In Progress → Deleted': ['admin'],
  'Pending Review → Deleted': ['admin'],
  'Revision Requested → Deleted': ['admin'],
};
const MOVERS: ItemMover[] = ['payment', 'fulfilment', 'orderer', 'auto_approval', 'admin'];

let t: TestApp;
let token: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, demo.agency);
  adminId = await userIdByEmail(t.db, demo.admin);
});
afterAll(() => t?.close());

/** A new item in `status`, put there with legal raw updates only. */
async function itemIn(status: Status): Promise<number> {
  const orderId = await placeOrder(t.app, token, [orderItem()]);
  const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const id = item!.id;
  if (status === 'Revision Requested') {
    await walkItemsTo(t.db, { itemIds: [id] }, 'Pending Review');
    await t.db.execute(sql`update order_items set status = 'Revision Requested' where id = ${id}`);
  } else {
    await walkItemsTo(t.db, { itemIds: [id] }, status);
  }
  return id;
}

/** What the database says to a raw update: null when it took it, else the SQLSTATE. */
async function rawMove(id: number, to: ItemState): Promise<string | null> {
  const change = to === 'Deleted' ? sql`deleted_at = now()` : sql`status = ${to}`;
  try {
    await t.db.execute(sql`update order_items set ${change} where id = ${id}`);
    return null;
  } catch (err) {
    return sqlState(err) ?? String(err);
  }
}

describe('the item state machine', () => {
  it('the transition table holds exactly the legal moves and their movers', async () => {
    const rows = await t.db.execute(sql`select from_status, to_status, actors from item_transitions`);
    const table = Object.fromEntries(
      (rows as unknown as { rows: { from_status: string; to_status: string; actors: string[] | string }[] }).rows.map((r) => [
        `${r.from_status} → ${r.to_status}`,
        (Array.isArray(r.actors) ? r.actors : r.actors.replace(/^\{|\}$/g, '').split(',')).sort(),
      ]),
    );
    expect(table).toEqual(Object.fromEntries(Object.entries(LEGAL).map(([move, movers]) => [move, [...movers].sort()])));
  });

  it('refuses every illegal move even from raw SQL, and lets every legal one through', async () => {
    const targets: ItemState[] = [...STATUSES, 'Deleted'];
    const outcomes: string[] = [];
    for (const from of STATUSES) {
      for (const to of targets) {
        if (to === from) continue;
        const legal = `${from} → ${to}` in LEGAL;
        const refusal = await rawMove(await itemIn(from), to);
        outcomes.push(`${from} → ${to}: ${refusal === null ? 'taken' : refusal}`);
        expect(refusal, `${from} → ${to}`).toBe(legal ? null : 'CD001');
      }
    }
    expect(outcomes).toHaveLength(STATUSES.length * targets.length - STATUSES.length);
  });

  it('never changes a deleted item, nor brings it back', async () => {
    const id = await itemIn('Unassigned');
    expect(await rawMove(id, 'Deleted')).toBeNull();
    expect(await rawMove(id, 'In Progress')).toBe('CD001');
    expect(await rawMove(id, 'Unassigned')).toBeNull(); // the same status: no move at all
    let undeleted: string | null = null;
    try {
      await t.db.execute(sql`update order_items set deleted_at = null where id = ${id}`);
    } catch (err) {
      undeleted = sqlState(err) ?? String(err);
    }
    expect(undeleted).toBe('CD001');
  });

  it('moves by each legal mover with exactly one activity entry, and refuses every other mover', async () => {
    for (const [move, movers] of Object.entries(LEGAL)) {
      const [from, to] = move.split(' → ') as [Status, ItemState];
      for (const by of MOVERS) {
        const id = await itemIn(from);
        const before = await t.db.select().from(activityLogs).where(eq(activityLogs.itemId, id));
        const moved = await moveItem(t.db, id, { to, by, userId: adminId, description: `probe ${move} by ${by}` });
        const after = await t.db.select().from(activityLogs).where(eq(activityLogs.itemId, id));
        const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, id));
        if (movers.includes(by)) {
          expect(moved, `${move} by ${by}`).toBe(true);
          expect(after.length - before.length, `${move} by ${by}`).toBe(1);
          expect(after.at(-1)).toMatchObject({ description: `probe ${move} by ${by}`, userId: adminId });
          if (to === 'Deleted') expect(item!.deletedAt).not.toBeNull();
          else expect(item!.status).toBe(to);
        } else {
          expect(moved, `${move} by ${by}`).toBe(false);
          expect(after.length, `${move} by ${by}`).toBe(before.length);
          expect(item!.status).toBe(from);
          expect(item!.deletedAt).toBeNull();
        }
      }
    }
  });

  it('sets what each state carries: due date, writer, review clock, revisions, approval time', async () => {
    const unpaid = await itemIn('Unpaid');
    await moveItem(t.db, unpaid, { to: 'Unassigned', by: 'payment', userId: adminId, description: 'paid' });
    const [released] = await t.db.select().from(orderItems).where(eq(orderItems.id, unpaid));
    expect(released!.dueAt).not.toBeNull();

    await moveItem(t.db, unpaid, { to: 'In Progress', by: 'fulfilment', userId: adminId, agentId: adminId, description: 'taken' });
    const at = new Date('2026-03-02T10:00:00Z');
    await moveItem(t.db, unpaid, { to: 'Pending Review', by: 'fulfilment', userId: adminId, at, description: 'delivered' });
    const [review] = await t.db.select().from(orderItems).where(eq(orderItems.id, unpaid));
    expect(review).toMatchObject({ linkagentId: adminId, reviewStartedAt: at, autoApproveWarnedAt: null });

    await moveItem(t.db, unpaid, { to: 'Revision Requested', by: 'orderer', userId: adminId, description: 'again' });
    const [revising] = await t.db.select().from(orderItems).where(eq(orderItems.id, unpaid));
    expect(revising).toMatchObject({ revisionsLeft: review!.revisionsLeft - 1, reviewStartedAt: null });

    await moveItem(t.db, unpaid, { to: 'In Progress', by: 'fulfilment', userId: adminId, agentId: adminId, description: 'back' });
    await moveItem(t.db, unpaid, { to: 'Pending Review', by: 'fulfilment', userId: adminId, at, description: 'v2' });
    const approvedAt = new Date('2026-03-07T10:00:00Z');
    await moveItem(t.db, unpaid, { to: 'Approved', by: 'auto_approval', userId: null, at: approvedAt, description: 'auto' });
    const [approved] = await t.db.select().from(orderItems).where(eq(orderItems.id, unpaid));
    expect(approved).toMatchObject({ status: 'Approved', approvedAt });
  });

  it('plans its statement once per session, and that plan moves one item or many, only the legal ones', async () => {
    // Migration 0018: planned again for every call, the move was a fifth of a wallet payment's time.
    const config = await t.db.execute(sql`select proconfig from pg_proc where proname = 'move_items'`);
    const [{ proconfig }] = (config as unknown as { rows: { proconfig: string[] | string | null }[] }).rows;
    expect(String(proconfig)).toContain('plan_cache_mode=force_generic_plan');

    // One session (a transaction), more calls than PostgreSQL plans for their parameters (five)
    // before it would keep a generic plan: every call, whatever the plan, moves what the table allows.
    const unpaid = [await itemIn('Unpaid'), await itemIn('Unpaid'), await itemIn('Unpaid')];
    const taken = await itemIn('Unassigned');
    const released = await t.db.transaction(async (tx) => {
      const calls: number[][] = [];
      for (let call = 0; call < 8; call += 1) {
        const ids = call === 7 ? [...unpaid, taken] : [taken];
        calls.push(await moveItems(tx, { itemIds: ids, to: 'Unassigned', by: 'payment', userId: adminId, description: `release ${call}` }));
      }
      return calls;
    });
    const byId = (a: number, b: number) => a - b;
    expect(released).toEqual([[], [], [], [], [], [], [], [...unpaid].sort(byId)]);
    const items = await t.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.id, [...unpaid, taken]));
    expect(items.map((i) => [i.id, i.status, i.dueAt !== null]).sort((a, b) => byId(a[0] as number, b[0] as number))).toEqual(
      [...unpaid, taken].sort(byId).map((id) => [id, 'Unassigned', id !== taken]),
    );
    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(inArray(activityLogs.itemId, [...unpaid, taken]));
    expect(
      logged
        .filter((l) => l.description.startsWith('release'))
        .map((l) => l.itemId)
        .sort(byId),
    ).toEqual([...unpaid].sort(byId));
  });
});

describe('move_items on a table that grew', () => {
  /** Scans of order_items so far in the current transaction. */
  async function itemScans(tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) {
    const { rows } = (await tx.execute(
      sql`select seq_scan::int as seq, coalesce(idx_scan, 0)::int as idx from pg_stat_xact_user_tables where relname = 'order_items'`,
    )) as unknown as { rows: { seq: number; idx: number }[] };
    return rows[0] ?? { seq: 0, idx: 0 };
  }

  it('finds its items by primary key, whatever the table held when the session planned it (migration 0027)', async () => {
    const [planned, moved] = [await itemIn('Unpaid'), await itemIn('Unpaid')];
    // One connection throughout, as a pool's connection, or the embedded database's only one, keeps
    // its plans: the first move plans on the table as it is, the second runs after it grew.
    const rolledBack = new Error('roll back');
    let scans: { seq: number; idx: number } | undefined;
    await t.db
      .transaction(async (tx) => {
        await moveItems(tx, { itemIds: [planned], to: 'Unassigned', by: 'payment', userId: adminId, description: 'planned' });
        await tx.execute(sql`
          insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, cost_cents)
          select order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, cost_cents
          from order_items, generate_series(1, 5000) where id = ${planned}`);
        const before = await itemScans(tx);
        expect(await moveItems(tx, { itemIds: [moved], to: 'Unassigned', by: 'payment', userId: adminId, description: 'grown' })).toEqual([moved]);
        const after = await itemScans(tx);
        scans = { seq: after.seq - before.seq, idx: after.idx - before.idx };
        throw rolledBack;
      })
      .catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
    // Reading 5,000 rows to move one was a third of a wallet payment's database time (docs/decisions/0003-one-booking-routine.md).
    expect(scans).toEqual({ seq: 0, idx: expect.any(Number) });
    expect(scans!.idx).toBeGreaterThan(0);
  });
});
