import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages, messages, orderMessages } from '@copydesk/shared';
import { orderItems, orders, users } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, type TestApp } from '../../test/harness.js';
import { signInTenants, signUpPayload, userIdByEmail, walkItemsTo, type Tenant } from '../../test/helpers.js';
import { issueAccessToken } from '../auth/auth.service.js';

let t: TestApp;
let tok: Record<Tenant, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

type Who = Tenant;
const call = (who: Who | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(tok[who]) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const item = (overrides: Record<string, unknown> = {}) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words', price: 0.01 },
  addOns: { addOn: 'No Add-On', price: 0 },
  category: 'Technology',
  articleTitle: 'Ten ways to ship faster',
  description: 'A practical list',
  keyword: 'shipping;speed',
  project_name: 'Acme blog',
  about_company: 'We make rockets',
  target_audience: 'Engineers',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
  ...overrides,
});

async function placeOrder(who: Who, items = [item(), item({ addOns: { addOn: 'SEO Optimisation', price: 0 } })]) {
  const res = await call(who, 'POST', '/api/order/create', { articlesData: items, total: 0.02, orderBreakDown: [] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order.id as number;
}

const markPaid = (id: number) => t.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, id));
const setItemStatus = (orderId: number, status: 'Unassigned' | 'Pending Review' | 'Approved') => walkItemsTo(t.db, { orderId }, status);

describe('POST /api/order/create', () => {
  it('saves an unpaid order priced from the catalogue, ignoring client prices', async () => {
    const res = await call('agencyA', 'POST', '/api/order/create', {
      articlesData: [item(), item({ addOns: { addOn: 'SEO Optimisation', price: 0 } })],
      total: 0.02,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(orderMessages.orderSaved);
    const id = res.json().order.id;
    const detail = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json();
    // Blog Post 500 Words = $28.00; SEO Optimisation = $10.00.
    expect(detail.total).toBe(66);
    expect(detail.order).toMatchObject({ id, status: 'UNPAID', unpaid: true, no_of_content: 2, order_by: 'Alex Agency', total: 66 });
    expect(detail.content.map((c: { cost: number; status: string }) => [c.cost, c.status])).toEqual([
      [28, 'Unpaid'],
      [38, 'Unpaid'],
    ]);
    expect(detail.orderBreakDown).toEqual([
      { itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 1, itemAddons: null, itemAddonPrice: 0 },
      { itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 1, itemAddons: 'SEO Optimisation', itemAddonPrice: 10 },
    ]);
    expect(detail.content[0]).toMatchObject({ keywords: 'shipping;speed', project_name: 'Acme blog', order_type: 'Blog Post', word_count: '500 Words' });
  });

  it('marks every missing field of every item with its message', async () => {
    const res = await call('agencyA', 'POST', '/api/order/create', { articlesData: [item(), { orderType: 'Blog Post' }] });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(message).toBe(messages.highlightedRequired);
    for (const field of [
      'wordCount',
      'category',
      'articleTitle',
      'project_name',
      'about_company',
      'target_audience',
      'purpose',
      'writing_tone',
      'publish_medium',
    ])
      expect(errors[`articlesData.1.${field}`], field).toEqual([messages.highlightedRequired]);
    expect(Object.keys(errors).some((k) => k.startsWith('articlesData.0.'))).toBe(false);
  });

  it('applies the 250-character, keyword and link rules', async () => {
    const res = await call('agencyA', 'POST', '/api/order/create', {
      articlesData: [item(), item({ target_audience: 'x'.repeat(251), keyword: 'a;b;c;d', website_link: 'nope', product_page_link: 'also nope' })],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'articlesData.1.target_audience': ['Target Audience: 250 characters allowed on item 2.'],
      'articlesData.1.keyword': [messages.maxKeywords],
      'articlesData.1.website_link': [messages.websiteLinkInvalid],
      'articlesData.1.product_page_link': [messages.productLinkInvalid],
    });
  });

  it('refuses unknown types, tiers, add-ons and categories', async () => {
    const res = await call('agencyA', 'POST', '/api/order/create', {
      articlesData: [
        item({ orderType: 'Sonnet' }),
        item({ wordCount: { word: '450 Words', price: 1 } }),
        item({ addOns: { addOn: 'Gold Plating', price: 0 } }),
        item({ category: 'Astrology' }),
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'articlesData.0.orderType': [orderMessages.invalidOrderType],
      'articlesData.1.wordCount': [orderMessages.invalidWordCount],
      'articlesData.2.addOns': [orderMessages.invalidAddon],
      'articlesData.3.category': [orderMessages.invalidCategory],
    });
  });

  it('needs publish medium only for the four types', async () => {
    const ok = await call('agencyA', 'POST', '/api/order/create', {
      articlesData: [item({ orderType: 'Press Release', wordCount: { word: '400 Words' }, publish_medium: '' })],
    });
    expect(ok.statusCode).toBe(200);
    const bad = await call('agencyA', 'POST', '/api/order/create', {
      articlesData: [item({ orderType: 'Guest Post', wordCount: { word: '600 Words' }, publish_medium: '' })],
    });
    expect(bad.json().errors['articlesData.0.publish_medium']).toEqual([messages.highlightedRequired]);
  });

  it('answers bad payloads with 4xx and changes nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: [] })).statusCode).toBe(422);
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: 'lots' })).statusCode).toBe(422);
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: Array.from({ length: 201 }, () => item()) })).statusCode).toBe(422);
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: [item({ articleTitle: 42 })] })).statusCode).toBe(422);
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: [item()], updateId: 'abc' })).statusCode).toBe(422);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
  });

  it('is for agencies and associates only', async () => {
    expect((await call('admin', 'POST', '/api/order/create', { articlesData: [item()] })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/order/create', { articlesData: [item()] })).statusCode).toBe(401);
    expect((await call('associateA', 'POST', '/api/order/create', { articlesData: [item()] })).statusCode).toBe(200);
  });

  it('replaces the items of an own unpaid order, and never of a paid or foreign one', async () => {
    const id = await placeOrder('agencyA');
    const update = await call('agencyA', 'POST', '/api/order/create', { articlesData: [item({ wordCount: { word: '1000 Words' } })], updateId: id });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ message: orderMessages.orderUpdated, order: { id } });
    const detail = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json();
    expect(detail.content).toHaveLength(1);
    expect(detail.total).toBe(52);

    // An agency manages its associates' orders; an associate only its own; another agency none.
    const assocOrder = await placeOrder('associateA');
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: [item()], updateId: assocOrder })).statusCode).toBe(200);
    expect((await call('associateA', 'POST', '/api/order/create', { articlesData: [item()], updateId: id })).statusCode).toBe(404);
    expect((await call('agencyB', 'POST', '/api/order/create', { articlesData: [item()], updateId: id })).statusCode).toBe(404);
    expect((await call('agencyA', 'POST', '/api/order/create', { articlesData: [item()], updateId: 99999999 })).statusCode).toBe(404);

    await markPaid(id);
    const paid = await call('agencyA', 'POST', '/api/order/create', { articlesData: [item()], updateId: id });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(orderMessages.orderPaidLocked);
    expect((await call('agencyA', 'GET', `/api/order/getById/${id}`)).json().total).toBe(52);
  });
});

describe('GET /api/order and counts', () => {
  let ids: { a: number; assoc: number; b: number; paid: number; review: number; done: number };
  beforeAll(async () => {
    ids = {
      a: await placeOrder('agencyA', [item({ articleTitle: 'Zebra crossings explained' })]),
      assoc: await placeOrder('associateA'),
      b: await placeOrder('agencyB', [item({ project_name: 'Bravo launch' })]),
      paid: await placeOrder('agencyA'),
      review: await placeOrder('agencyA'),
      done: await placeOrder('agencyA'),
    };
    for (const id of [ids.paid, ids.review, ids.done]) await markPaid(id);
    await setItemStatus(ids.paid, 'Unassigned');
    await setItemStatus(ids.review, 'Pending Review');
    await setItemStatus(ids.done, 'Approved');
  });

  const list = async (who: Who, query = '') => {
    const res = await call(who, 'GET', `/api/order?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number; status: string; unpaid: boolean; total: number; user_id: number }[]; meta: Record<string, number> };
  };

  it('scopes the list: admin all, agency its tenant, associate its own, another agency none of A', async () => {
    const admin = (await list('admin')).data.map((o) => o.id);
    const agencyA = (await list('agencyA')).data.map((o) => o.id);
    const assoc = (await list('associateA')).data.map((o) => o.id);
    const agencyB = (await list('agencyB')).data.map((o) => o.id);
    expect(admin).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(agencyA).toEqual(expect.arrayContaining([ids.a, ids.assoc, ids.paid]));
    expect(agencyA).not.toContain(ids.b);
    expect(assoc).toContain(ids.assoc);
    expect(assoc).not.toContain(ids.a);
    expect(agencyB).toEqual([ids.b]);
  });

  it('derives statuses and filters by them', async () => {
    const rows = (await list('agencyA')).data;
    const statusOf = (id: number) => rows.find((r) => r.id === id)!.status;
    expect([statusOf(ids.a), statusOf(ids.paid), statusOf(ids.review), statusOf(ids.done)]).toEqual(['UNPAID', 'IN-PROGRESS', 'IN-PROGRESS', 'COMPLETED']);
    const unpaid = (await list('agencyA', '&status=unpaid')).data;
    expect(unpaid.every((o) => o.unpaid)).toBe(true);
    const inProgress = (await list('agencyA', '&status=inprogress')).data;
    expect(inProgress.map((o) => o.id)).toEqual(expect.arrayContaining([ids.paid, ids.review]));
    expect(inProgress.every((o) => o.status === 'IN-PROGRESS')).toBe(true);
    expect((await list('agencyA', '&status=pending_review')).data.map((o) => o.id)).toEqual([ids.review]);
    expect((await call('agencyA', 'GET', '/api/order?status=lost')).statusCode).toBe(422);
  });

  it('counts by status within the scope', async () => {
    const count = async (who: Who, status: string) => (await call(who, 'GET', `/api/order/getCountBystatus/${status}`)).json().count as number;
    const rows = (await list('agencyA')).data;
    const withStatus = (status: string) => rows.filter((r) => r.status === status).length;
    expect(await count('agencyA', 'all')).toBe(rows.length);
    expect(await count('agencyA', 'approved')).toBe(withStatus('COMPLETED'));
    expect(await count('agencyA', 'null')).toBe(withStatus('IN-PROGRESS'));
    expect(await count('agencyA', 'unpaid')).toBe(withStatus('UNPAID'));
    expect(withStatus('COMPLETED')).toBeGreaterThan(0);
    expect(withStatus('IN-PROGRESS')).toBeGreaterThan(1);
    expect(await count('agencyB', 'all')).toBe(1);
    expect((await call('agencyA', 'GET', '/api/order/getCountBystatus/everything')).statusCode).toBe(422);
  });

  it('filters by order id, keyword, user and date, sorts and pages', async () => {
    expect((await list('agencyA', `&orderId=${ids.a}`)).data.map((o) => o.id)).toEqual([ids.a]);
    expect((await list('agencyA', '&keyword=zebra')).data.map((o) => o.id)).toEqual([ids.a]);
    expect((await list('agencyA', '&keyword=Bravo')).data).toEqual([]);
    expect((await list('admin', '&keyword=Bravo')).data.map((o) => o.id)).toEqual([ids.b]);
    expect((await list('agencyA', '&keyword=100%25')).data).toEqual([]);
    const associateId = await userIdByEmail(t.db, demo.associate);
    expect((await list('agencyA', `&user=${associateId}`)).data.every((o) => o.user_id === associateId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('agencyA', `&date=${today}`)).meta.total).toBe((await list('agencyA')).meta.total);
    expect((await list('agencyA', '&date=2001-01-01')).data).toEqual([]);
    expect((await call('agencyA', 'GET', '/api/order?date=yesterday')).statusCode).toBe(422);

    const byTotal = (await list('admin', '&sort_column=total&sort_order=asc')).data.map((o) => o.total);
    expect(byTotal).toEqual([...byTotal].sort((x, y) => x - y));
    const byId = (await list('admin')).data.map((o) => o.id);
    expect(byId).toEqual([...byId].sort((x, y) => y - x));

    const page = await call('admin', 'GET', '/api/order?limit=2&page=2');
    const { data, meta } = page.json();
    expect(data).toHaveLength(2);
    expect(meta).toMatchObject({ from: 3, to: 4, current_page: 2, per_page: 2 });
    expect(meta.last_page).toBe(Math.ceil(meta.total / 2));
    expect((await call('admin', 'GET', '/api/order?limit=1000')).statusCode).toBe(422);
    expect((await call('admin', 'GET', '/api/order?sort_column=password')).statusCode).toBe(422);
    expect((await call(null, 'GET', '/api/order')).statusCode).toBe(401);
  });

  it('pages by cursor under every sort, in the same order as by offset, ties included', async () => {
    // Equal totals make ties, which only the id breaks.
    await placeOrder('agencyA');
    await placeOrder('agencyA');
    for (const column of ['id', 'user_id', 'created_at', 'total']) {
      for (const order of ['asc', 'desc']) {
        const sort = `&sort_column=${column}&sort_order=${order}`;
        const everything = await list('agencyA', sort);
        const walked: number[] = [];
        let after: string | null = null;
        for (let page = 1; page === 1 || after; page++) {
          const res = await call('agencyA', 'GET', `/api/order?limit=3&page=${page}${sort}${after ? `&after=${after}` : ''}`);
          expect(res.statusCode, res.body).toBe(200);
          const { data, meta } = res.json() as { data: { id: number }[]; meta: { from: number; next_cursor: string | null } };
          expect(meta.from).toBe((page - 1) * 3 + 1);
          walked.push(...data.map((o) => o.id));
          after = meta.next_cursor;
        }
        expect(walked, sort).toEqual(everything.data.map((o) => o.id));
      }
    }
  });

  it('does not shift the next page when an order is placed meanwhile, as an offset would', async () => {
    const everything = (await list('agencyA')).data.map((o) => o.id);
    const first = (await call('agencyA', 'GET', '/api/order?limit=3')).json();
    await placeOrder('agencyA');
    const byCursor = (await call('agencyA', 'GET', `/api/order?limit=3&page=2&after=${first.meta.next_cursor}`)).json();
    const byOffset = (await call('agencyA', 'GET', '/api/order?limit=3&page=2')).json();
    expect(byCursor.data.map((o: { id: number }) => o.id)).toEqual(everything.slice(3, 6));
    expect(byOffset.data.map((o: { id: number }) => o.id)).toEqual(everything.slice(2, 5));
  });

  it('keeps a cursor to its sort and its tenant, and refuses anything else with 422', async () => {
    const first = (await call('agencyA', 'GET', '/api/order?limit=1&sort_column=created_at')).json();
    const cursor = first.meta.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    // Another agency passing A's cursor still sees only its own orders.
    const foreign = await call('agencyB', 'GET', `/api/order?limit=100&sort_column=created_at&after=${cursor}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data.map((o: { id: number }) => o.id)).not.toContain(ids.a);
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const refused = [
      `&sort_column=id&after=${cursor}`,
      `&sort_column=created_at&sort_order=asc&after=${cursor}`,
      '&after=not-a-cursor',
      `&after=${forged(['id', 'desc', '1; drop table orders', 5])}`,
      `&after=${forged(['id', 'desc', '99999999999', 5])}`,
      `&sort_column=created_at&after=${forged(['created_at', 'desc', '2026-02-30T00:00:00.000000Z', 5])}`,
      `&sort_column=password&after=${forged(['password', 'desc', '1', 5])}`,
      `&after=${forged(['id', 'desc', '5', -1])}`,
      `&after=${'x'.repeat(500)}`,
    ];
    for (const query of refused) {
      const res = await call('agencyA', 'GET', `/api/order?limit=5${query}`);
      expect(res.statusCode, query).toBe(422);
      if (!query.includes('password')) expect(res.json().errors.after, query).toEqual([inputMessages.staleCursor]);
    }
    expect((await list('agencyA')).data.map((o) => o.id)).toContain(ids.a);
    // The last page has no next cursor.
    const total = first.meta.total as number;
    expect((await call('agencyA', 'GET', `/api/order?limit=1&page=${total}`)).json().meta.next_cursor).toBeNull();
  });

  it('searches by keyword: number, orderer, title, project and type, case-insensitive and literal', async () => {
    const ids2 = {
      odd: await placeOrder('agencyA', [item({ articleTitle: 'Odd_title 50% off', project_name: 'Quokka season' })]),
      gone: await placeOrder('agencyA', [item({ articleTitle: 'Wombat notes' }), item({ articleTitle: 'Kept item' })]),
    };
    const found = async (who: Who, keyword: string, extra = '') => (await list(who, `&keyword=${encodeURIComponent(keyword)}${extra}`)).data.map((o) => o.id);
    // Title, project and type, any case; `%` and `_` match only themselves.
    expect(await found('agencyA', 'zebra CROSS')).toEqual([ids.a]);
    expect(await found('agencyA', 'quokka')).toEqual([ids2.odd]);
    expect(await found('agencyA', 'odd_title 50%')).toEqual([ids2.odd]);
    expect(await found('agencyA', 'odd title')).toEqual([]);
    expect(await found('agencyA', '_')).toEqual([ids2.odd]);
    expect(await found('agencyA', '%')).toEqual([ids2.odd]);
    expect(await found('agencyA', 'blog post')).toEqual(expect.arrayContaining([ids.a, ids.assoc, ids.paid, ids2.odd]));
    // One and two characters are too short for trigrams and still search.
    expect(await found('agencyA', 'Q')).toEqual([ids2.odd]);
    expect(await found('agencyA', 'ze')).toEqual([ids.a]);
    // The order number, or any order whose text holds those digits.
    expect(await found('agencyA', String(ids.review))).toContain(ids.review);
    expect(await found('agencyB', String(ids.a))).toEqual([]);
    // Only live items count.
    await call('agencyA', 'GET', `/api/order/getById/${ids2.gone}`).then(async (res) => {
      const wombat = res.json().content.find((c: { article_title: string }) => c.article_title === 'Wombat notes');
      await t.db.update(orderItems).set({ deletedAt: new Date() }).where(eq(orderItems.id, wombat.id));
    });
    expect(await found('agencyA', 'wombat')).toEqual([]);
    expect(await found('agencyA', 'kept item')).toEqual([ids2.gone]);
    // The orderer's name: the associate's orders, and through the agency's own scope only.
    const associateId = await userIdByEmail(t.db, demo.associate);
    const byAssociate = (await list('agencyA', '&keyword=sam%20assoc')).data;
    expect(byAssociate.map((o) => o.id)).toContain(ids.assoc);
    expect(byAssociate.every((o) => o.user_id === associateId)).toBe(true);
    expect(await found('agencyB', 'sam assoc')).toEqual([]);
    // A name and a title at once, with the status filters.
    expect(await found('agencyA', 'alex agency', '&status=pending_review')).toEqual([ids.review]);
    expect(await found('agencyA', 'zebra', '&status=unpaid')).toEqual([ids.a]);
    expect(await found('agencyA', 'zebra', '&status=inprogress')).toEqual([]);
    const everything = await list('agencyA', '&keyword=a');
    expect(everything.meta.total).toBe((await list('agencyA')).meta.total);
  });

  it('searches orderers by name when more than a hundred users match', async () => {
    // 101 users named "Numbat …" (the repository inlines at most 100 matching ids), one with an order.
    await t.db.execute(
      sql`insert into users (name, email, role) select 'Numbat keeper ' || g, 'numbat-' || g || '@example.org', 'agency' from generate_series(1, 101) g`,
    );
    const [keeper] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'numbat-7@example.org'));
    const [order] = await t.db.insert(orders).values({ userId: keeper!.id, agencyId: keeper!.id, totalCents: 0, itemCount: 0 }).returning({ id: orders.id });
    const admin = await list('admin', '&keyword=numbat');
    expect(admin.data.map((o) => o.id)).toEqual([order!.id]);
    expect(admin.meta.total).toBe(1);
    expect((await list('agencyA', '&keyword=numbat')).data).toEqual([]);
  });

  it('searches by keyword when more than a thousand orders match', async () => {
    // 1,001 orders of agency B with one item each, "Platypus 1" … "Platypus 1001" (the repository
    // lists at most 1,000 matching orders by id and counts the rest with a semi-join).
    const agencyB = (await list('agencyB')).data[0]!.user_id;
    await t.db.execute(sql`
      with product as (select p.id as product_id, w.title, w.words, w.price_cents from products p join product_word_counts w on w.product_id = p.id
                       where p.name = 'Blog Post' order by w.sort_order limit 1),
           inserted as (
             insert into orders (user_id, agency_id, total_cents, item_count)
             select ${agencyB}, ${agencyB}, product.price_cents, 1 from generate_series(1, 1001), product
             returning id)
      insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, addon_price_cents, cost_cents, article_title)
      select inserted.id, product.product_id, 'Blog Post', product.title, product.words, product.price_cents, 0, product.price_cents,
             'Platypus ' || row_number() over (order by inserted.id)
      from inserted, product`);
    const all = await list('agencyB', '&keyword=platypus');
    expect(all.meta.total).toBe(1001);
    expect(all.data).toHaveLength(100);
    expect(all.data.map((o) => o.id)).toEqual([...all.data.map((o) => o.id)].sort((x, y) => y - x));
    expect((await list('agencyB', '&keyword=platypus&status=inprogress')).meta.total).toBe(0);
    expect((await list('agencyB', '&keyword=PLATYPUS%20100')).meta.total).toBe(3);
    expect((await list('agencyA', '&keyword=platypus')).meta.total).toBe(0);
  });

  it('filters by a whole UTC day', async () => {
    const [late, early] = [await placeOrder('agencyB'), await placeOrder('agencyB')];
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2024-03-09T23:59:59.999Z') })
      .where(eq(orders.id, late));
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2024-03-10T00:00:00.000Z') })
      .where(eq(orders.id, early));
    expect((await list('agencyB', '&date=2024-03-09')).data.map((o) => o.id)).toEqual([late]);
    expect((await list('agencyB', '&date=2024-03-10')).data.map((o) => o.id)).toEqual([early]);
    expect((await list('agencyB', '&date=2024-03-11')).data).toEqual([]);
  });

  it('shows an order to its tenant and admins only', async () => {
    expect((await call('agencyB', 'GET', `/api/order/getById/${ids.a}`)).statusCode).toBe(404);
    expect((await call('associateA', 'GET', `/api/order/getById/${ids.a}`)).statusCode).toBe(404);
    expect((await call('agencyA', 'GET', `/api/order/getById/${ids.assoc}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/order/getById/${ids.b}`)).statusCode).toBe(200);
    expect((await call('agencyA', 'GET', '/api/order/getById/0')).statusCode).toBe(422);
  });
});

describe('unverified users', () => {
  it('cannot view an order until the email is verified', async () => {
    const payload = signUpPayload();
    await call(null, 'POST', '/api/register', payload);
    const userId = await userIdByEmail(t.db, payload.sign.email);
    // A full session of an unverified account (as the Google sign-in hand-off opens one).
    const token = await issueAccessToken(t.db, userId);
    const [order] = await t.db.insert(orders).values({ userId, agencyId: userId, totalCents: 0, itemCount: 0 }).returning();
    const res = await t.app.inject({ method: 'GET', url: `/api/order/getById/${order!.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.verifyToViewOrder);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    expect((await t.app.inject({ method: 'GET', url: `/api/order/getById/${order!.id}`, headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('admin edits', () => {
  it('deletes orders as admin (paid ones with a refund: content.test.ts; customers: customer-deletions.test.ts)', async () => {
    const id = await placeOrder('agencyA');
    expect((await call('agencyB', 'DELETE', `/api/order/${id}`)).statusCode).toBe(404);
    expect((await call('associateA', 'DELETE', `/api/order/${id}`)).statusCode).toBe(404);
    const res = await call('admin', 'DELETE', `/api/order/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.success);
    expect((await call('agencyA', 'GET', `/api/order/getById/${id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/order/${id}`)).statusCode).toBe(404);
  });

  it('edits an item with the price recomputed, and refuses approved items', async () => {
    const id = await placeOrder('agencyA');
    const [first, second] = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json().content;
    const body = {
      wordCount: { word: '1000 Words' },
      addOns: { addOn: 'Stock Images (3)' },
      keyword: 'a;b',
      articleTitle: 'New title',
      description: 'New brief',
    };
    expect((await call('agencyA', 'PATCH', `/api/content/${first.id}`, body)).statusCode).toBe(403);
    const res = await call('admin', 'PATCH', `/api/content/${first.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json();
    expect(detail.content[0]).toMatchObject({ word_count: '1000 Words', addOn: 'Stock Images (3)', cost: 60, article_title: 'New title', keywords: 'a;b' });
    expect(detail.total).toBe(60 + second.cost);

    // The order form's rules: title and word count are required, keywords and description are not.
    const missing = await call('admin', 'PATCH', `/api/content/${first.id}`, { wordCount: null, keyword: '', articleTitle: '', description: '' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['articleTitle', 'wordCount']);
    expect((await call('admin', 'PATCH', `/api/content/${first.id}`, { ...body, wordCount: { word: '9 Words' } })).statusCode).toBe(422);

    await markPaid(id);
    expect((await call('admin', 'PATCH', `/api/content/${first.id}`, { ...body, wordCount: { word: '500 Words' } })).statusCode).toBe(409);
    expect((await call('admin', 'PATCH', `/api/content/${first.id}`, { ...body, articleTitle: 'Retitled' })).statusCode).toBe(200);
    await walkItemsTo(t.db, { itemIds: [first.id] }, 'Approved');
    const approved = await call('admin', 'PATCH', `/api/content/${first.id}`, body);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(orderMessages.approvedLocked);
  });

  it('deletes an item of an unpaid order but never the last one', async () => {
    const id = await placeOrder('agencyA');
    const [first, second] = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json().content;
    expect((await call('agencyB', 'DELETE', `/api/content/${first.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/content/${first.id}`)).statusCode).toBe(200);
    const detail = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json();
    expect(detail.content.map((c: { id: number }) => c.id)).toEqual([second.id]);
    expect(detail.order.no_of_content).toBe(1);
    expect(detail.total).toBe(second.cost);
    const last = await call('admin', 'DELETE', `/api/content/${second.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(orderMessages.lastItem);
  });

  it('shows an item to its tenant only', async () => {
    const id = await placeOrder('agencyA');
    const [first] = (await call('agencyA', 'GET', `/api/order/getById/${id}`)).json().content;
    expect((await call('agencyA', 'GET', `/api/content/${first.id}`)).json().data.id).toBe(first.id);
    expect((await call('agencyB', 'GET', `/api/content/${first.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/content/${first.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/getItemsByUser', () => {
  it("lists the caller's past projects for the form, never another agency's", async () => {
    await placeOrder('agencyA', [item({ project_name: 'Rocket blog', about_company: 'Rockets', target_audience: 'Space fans', category: 'Technology' })]);
    const a = (await call('agencyA', 'GET', '/api/getItemsByUser')).json().data;
    expect(a[0]).toEqual({ project_name: 'Rocket blog', about_company: 'Rockets', target_audience: 'Space fans', categories: [{ name: 'Technology' }] });
    const b = (await call('agencyB', 'GET', '/api/getItemsByUser')).json().data;
    expect(b.map((p: { project_name: string }) => p.project_name)).not.toContain('Rocket blog');
    expect((await call('admin', 'GET', '/api/getItemsByUser')).statusCode).toBe(403);
  });
});

describe('order_count', () => {
  it('counts the live orders a user placed, as the orders table holds them', async () => {
    const orderCount = async () => (await call('associateA', 'GET', '/api/getInfo')).json().user.order_count as number;
    const placedBy = async () => {
      const rows = await t.db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdByEmail(t.db, demo.associate)));
      return rows.filter((o) => !o.deletedAt).length;
    };
    const before = await orderCount();
    expect(before).toBe(await placedBy());
    const first = await placeOrder('associateA');
    await placeOrder('associateA');
    expect(await orderCount()).toBe(before + 2);
    // A deleted order no longer counts; the agency's own orders never counted for its associate.
    expect((await call('admin', 'DELETE', `/api/order/${first}`)).statusCode).toBe(200);
    await placeOrder('agencyA');
    expect(await orderCount()).toBe(before + 1);
    expect(await orderCount()).toBe(await placedBy());
  });
});

describe('order counts kept by the database', () => {
  it('match the live orders after creating, paying and deleting', async () => {
    const countLive = async (agencyEmail: string) => {
      const agencyId = await userIdByEmail(t.db, agencyEmail);
      const rows = await t.db.select().from(orders).where(eq(orders.agencyId, agencyId));
      const live = rows.filter((o) => !o.deletedAt);
      return { all: live.length, unpaid: live.filter((o) => !o.paidAt).length };
    };
    const a = await placeOrder('agencyA');
    const b = await placeOrder('associateA');
    await markPaid(a);
    expect((await call('admin', 'DELETE', `/api/order/${b}`)).statusCode).toBe(200);
    const expected = await countLive(demo.agency);
    expect((await call('agencyA', 'GET', '/api/order')).json().meta.total).toBe(expected.all);
    expect((await call('agencyA', 'GET', '/api/order/getCountBystatus/all')).json().count).toBe(expected.all);
    expect((await call('agencyA', 'GET', '/api/order/getCountBystatus/unpaid')).json().count).toBe(expected.unpaid);
    const everyone = await t.db.select().from(orders);
    expect((await call('admin', 'GET', '/api/order')).json().meta.total).toBe(everyone.filter((o) => !o.deletedAt).length);
  });
});
