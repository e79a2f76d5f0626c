import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';

/** The billing history's search and date filters (GET /api/billing). */
let t: TestApp;
let tok: Record<Tenant, string>;
let associatePayment: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok } = await signInTenants(t.app, t.db));
  const orderId = await placeOrder(t.app, tok.associateA, [orderItem()]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: bearer(tok.associateA),
    payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
  });
  expect(res.statusCode, res.body).toBe(200);
  associatePayment = res.json().payment_id;
});
afterAll(() => t?.close());

type Row = { id: number; invoice: string; user: string; email: string; description: string };
async function list(who: Tenant, query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/billing?${new URLSearchParams({ limit: '100', ...query })}`, headers: bearer(tok[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; meta: { total: number } };
}
const found = async (who: Tenant, search: string) => (await list(who, { search })).data.map((r) => r.id);

describe('billing history search', () => {
  it('finds payments by payer name and email, description and invoice number', async () => {
    const all = (await list('agencyA', {})).data;
    const bySam = await list('agencyA', { search: 'sam ASSOC' });
    expect(bySam.data.map((r) => r.id)).toEqual([associatePayment]);
    expect(bySam.meta.total).toBe(1);
    expect(await found('agencyA', 'ASSOCIATE@example')).toEqual([associatePayment]);
    expect(await found('agencyB', 'sam assoc')).toEqual([]);
    const invoice = all.find((r) => r.id === associatePayment)!.invoice;
    expect(await found('agencyA', invoice.toLowerCase())).toEqual([associatePayment]);
    const described = all.find((r) => r.id !== associatePayment)!;
    expect(await found('agencyA', described.description.slice(1, 8))).toContain(described.id);
    // `%` and `_` only match themselves; one character still searches.
    expect(await found('agencyA', '%')).toEqual(all.filter((r) => `${r.user} ${r.email} ${r.description} ${r.invoice}`.includes('%')).map((r) => r.id));
    expect(await found('agencyA', '_')).toEqual(all.filter((r) => `${r.user} ${r.email} ${r.description} ${r.invoice}`.includes('_')).map((r) => r.id));
    expect((await list('agencyA', { search: 'x' })).meta.total).toBe(
      all.filter((r) => `${r.user} ${r.email} ${r.description} ${r.invoice}`.toLowerCase().includes('x')).length,
    );
  });

  it('finds payments by payer name when more than a hundred users match', async () => {
    // 101 agencies named "Dugong …" (the search inlines at most 100 matching ids), one with a payment.
    await t.db.execute(
      sql`insert into users (name, email, role) select 'Dugong owner ' || g, 'dugong-' || g || '@example.org', 'agency' from generate_series(1, 101) g`,
    );
    const [payment] = await t.db
      .insert(payments)
      .values({
        kind: 'topup',
        agencyId: sql`(select id from users where email = 'dugong-9@example.org')`,
        userId: sql`(select id from users where email = 'dugong-9@example.org')`,
        method: 'Admin',
        subtotalCents: 1000,
        amountCents: 1000,
        description: 'Seed credit',
        invoiceNumber: 'TEST-000001',
      })
      .returning({ id: payments.id });
    expect(await found('admin', 'dugong')).toEqual([payment!.id]);
    expect(await found('admin', 'DUGONG-9@')).toEqual([payment!.id]);
    expect(await found('agencyA', 'dugong')).toEqual([]);
  });

  it('filters by whole UTC days, both included', async () => {
    await t.db
      .update(payments)
      .set({ createdAt: new Date('2024-03-09T23:59:59.999Z') })
      .where(eq(payments.id, associatePayment));
    const between = async (from: string, to: string) => (await list('agencyA', { from, to })).data.map((r) => r.id);
    expect(await between('2024-03-09', '2024-03-09')).toEqual([associatePayment]);
    expect(await between('2024-03-01', '2024-03-09')).toEqual([associatePayment]);
    expect(await between('2024-03-10', '2024-03-31')).toEqual([]);
    expect(await between('2024-03-01', '2024-03-08')).toEqual([]);
  });
});
