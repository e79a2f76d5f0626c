import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, FulfilmentRow, PageMeta } from '@copydesk/shared';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';
import { UNASSIGNED_SHOWN } from './dashboard.service.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, demo.admin);
});
afterAll(() => t?.close());

const get = async <T>(url: string, token = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const stats = () => get<AdminStats>('/api/dashboard/admin-stats');
const queue = (status: string) => get<{ data: FulfilmentRow[]; meta: PageMeta }>(`/api/fulfilment?status=${status}&limit=100`);

/** A funded agency's order of `items` items, paid from the wallet: its items are Unassigned. */
async function paidOrder(items: number) {
  const agency = await fundedAgency(t.app, t.db, admin, 500);
  const orderId = await placeOrder(
    t.app,
    agency.token,
    Array.from({ length: items }, (_, i) => orderItem({ articleTitle: `Unassigned ${i + 1}` })),
  );
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: bearer(agency.token),
    payload: { paymentInfo: { payment_type: 'Balance', order_id: orderId, termsAccepted: true } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const { data } = await queue('Unassigned');
  return { agencyId: agency.id, orderId, itemIds: data.filter((row) => row.order_id === orderId).map((row) => row.id) };
}

describe('GET /api/dashboard/admin-stats: the unassigned items', () => {
  it('counts the paid items nobody has taken and lists the first by due date; an item taken leaves both', async () => {
    const before = await stats();
    const { agencyId, orderId, itemIds } = await paidOrder(2);
    expect(itemIds).toHaveLength(2);
    // One of them is late: it comes first, marked overdue.
    await t.db.execute(`update order_items set due_at = now() - interval '2 days' where id = ${itemIds[1]}`);

    const after = await stats();
    expect(after.unassigned_items).toBe(before.unassigned_items + 2);
    expect(after.unassigned.length).toBe(Math.min(UNASSIGNED_SHOWN, after.unassigned_items));
    const first = after.unassigned[0]!;
    expect(first).toEqual({
      id: itemIds[1],
      order_id: orderId,
      article_title: 'Unassigned 2',
      order_type: 'Blog Post',
      agency: { id: agencyId, name: expect.any(String) },
      due_at: expect.any(String),
      overdue: true,
    });
    // Earliest due first, as the fulfilment queue sorts by default; only Unassigned items.
    const dues = after.unassigned.map((item) => Date.parse(item.due_at!));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const unassignedIds = new Set((await queue('Unassigned')).data.map((row) => row.id));
    for (const item of after.unassigned) expect(unassignedIds.has(item.id), String(item.id)).toBe(true);

    // Taken by an admin: no longer unassigned.
    const taken = await t.app.inject({ method: 'POST', url: `/api/content/${itemIds[1]}/assign`, headers: bearer(admin), payload: {} });
    expect(taken.statusCode, taken.body).toBe(200);
    const later = await stats();
    expect(later.unassigned_items).toBe(after.unassigned_items - 1);
    expect(later.unassigned.map((item) => item.id)).not.toContain(itemIds[1]);
  });

  it('is for admins only', async () => {
    const agency = await fundedAgency(t.app, t.db, admin, 0);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/admin-stats', headers: bearer(agency.token) });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/admin-stats' })).statusCode).toBe(401);
  });
});

describe('GET /api/fulfilment?status=overdue: the queue behind the Overdue Items card', () => {
  it('lists exactly the open items past their due date, as many as the card counts', async () => {
    const { itemIds } = await paidOrder(3);
    await t.db.execute(`update order_items set due_at = now() - interval '1 day' where id in (${itemIds[0]}, ${itemIds[1]})`);
    // Taken and late is still overdue.
    await t.app.inject({ method: 'POST', url: `/api/content/${itemIds[1]}/assign`, headers: bearer(admin), payload: {} });

    const figures = await stats();
    const overdue = await queue('overdue');
    expect(overdue.meta.total).toBe(figures.overdue_items);
    expect(overdue.data.length).toBe(Math.min(100, figures.overdue_items));
    expect(overdue.data.every((row) => row.overdue && row.status !== 'Approved')).toBe(true);
    expect(overdue.data.map((row) => row.id)).toEqual(expect.arrayContaining([itemIds[0], itemIds[1]]));
    expect(overdue.data.map((row) => row.id)).not.toContain(itemIds[2]);

    // The Open Items card and the queue's default filter agree too.
    expect((await queue('open')).meta.total).toBe(figures.open_items);
    // A search within the overdue filter keeps to it.
    const searched = await get<{ data: FulfilmentRow[]; meta: PageMeta }>(`/api/fulfilment?status=overdue&search=${itemIds[2]}`);
    expect(searched.meta.total).toBe(0);
  });
});
