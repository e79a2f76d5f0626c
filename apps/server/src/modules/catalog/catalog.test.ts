import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, messages, PRODUCT_NAMES } from '@copydesk/shared';
import { categories, products, productWordCounts } from '../../db/schema/index.js';
import { seedCatalog } from '../../seed/catalog.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';

let t: TestApp;
let tokens: Record<'admin' | 'agency' | 'associate', string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: await loginAs(t.app, demo.admin),
    agency: await loginAs(t.app, demo.agency),
    associate: await loginAs(t.app, demo.associate),
  };
});
afterAll(() => t?.close());

const get = (url: string, token: string | null = tokens.agency) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('catalogue', () => {
  it('lists the eleven products in order, each starting at its cheapest tier', async () => {
    const res = await get('/api/miscellaneous/getProducts');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string; starting_price: number; description: string; sample: string }[];
    expect(data.map((p) => p.name)).toEqual([...PRODUCT_NAMES]);
    for (const p of data) {
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.sample.length).toBeGreaterThan(10);
      const detail = (await get(`/api/product/${p.id}`)).json().data;
      expect(detail.productwordcount.length).toBeGreaterThanOrEqual(3);
      expect(detail.productwordcount.length).toBeLessThanOrEqual(6);
      expect(p.starting_price).toBe(Math.min(...detail.productwordcount.map((w: { price: number }) => w.price)));
      expect(detail.productAddon[0]).toMatchObject({ value: 'No Add-On', price: 0 });
    }
  });

  it('finds a product by exact name with tiers and add-ons priced in dollars', async () => {
    const res = await get(`/api/product?name=${encodeURIComponent('Blog Post')}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.name).toBe('Blog Post');
    expect(data.productwordcount[0]).toMatchObject({ title: '300 Words', words: 300, price: 18 });
    expect(data.productAddon.map((a: { value: string }) => a.value)).toContain('SEO Optimisation');
  });

  it('reflects price edits made in the database', async () => {
    const [article] = await t.db.select().from(products).where(eq(products.name, 'Article'));
    await t.db.update(productWordCounts).set({ priceCents: 1999 }).where(eq(productWordCounts.title, '500 Words'));
    const res = await get(`/api/product/${article!.id}`);
    expect(res.json().data.productwordcount[0].price).toBe(19.99);
    expect(res.json().data.starting_price).toBe(19.99);
    // Re-seeding leaves edited rows alone.
    await seedCatalog(t.db);
    expect((await get(`/api/product/${article!.id}`)).json().data.productwordcount[0].price).toBe(19.99);
  });

  it('prices a new order at a price edited after the last order (the kept price book is read again)', async () => {
    const [blogPost] = await t.db.select().from(products).where(eq(products.name, 'Blog Post'));
    const tier = and(eq(productWordCounts.productId, blogPost!.id), eq(productWordCounts.title, '500 Words'));
    const brief = {
      project_name: 'Pricing',
      about_company: 'We sell bikes.',
      target_audience: 'Commuters',
      purpose: 'Informative',
      writing_tone: 'Casual',
      publish_medium: 'Own Website',
    };
    const create = (item: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/order/create', headers: bearer(tokens.agency), payload: { articlesData: [{ ...brief, ...item }] } });
    const order = async () => {
      const res = await create({
        orderType: 'Blog Post',
        wordCount: { word: '500 Words' },
        addOns: { addOn: 'No Add-On' },
        category: 'Technology',
        articleTitle: 'Pricing check',
      });
      expect(res.statusCode, res.body).toBe(200);
      const detail = await get(`/api/order/getById/${res.json().order.id}`);
      return detail.json().order.total as number;
    };
    await t.db.update(productWordCounts).set({ priceCents: 3000 }).where(tier);
    expect(await order()).toBe(30);
    expect(await order()).toBe(30);
    await t.db.update(productWordCounts).set({ priceCents: 4250 }).where(tier);
    expect(await order()).toBe(42.5);
    // A new category is accepted as soon as it exists.
    const withNewCategory = { orderType: 'Blog Post', wordCount: { word: '500 Words' }, category: 'Gardening', articleTitle: 'Roses' };
    const refused = await create(withNewCategory);
    expect(refused.statusCode).toBe(422);
    await t.db.insert(categories).values({ name: 'Gardening', sortOrder: 99 });
    const accepted = await create(withNewCategory);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.db.delete(categories).where(eq(categories.name, 'Gardening'));
  });

  it('answers 404 for unknown products and 422 for malformed ids', async () => {
    expect((await get('/api/product?name=Poem')).json()).toEqual({ code: 'request.not_found', message: messages.notFound });
    expect((await get('/api/product/999999')).statusCode).toBe(404);
    expect((await get('/api/product/abc')).statusCode).toBe(422);
    expect((await get('/api/product')).statusCode).toBe(422);
  });

  it('lists word-count tiers, all or for one product', async () => {
    const all = (await get('/api/productwordcount')).json().data;
    const products = (await get('/api/miscellaneous/getProducts')).json().data;
    const one = (await get(`/api/productwordcount?product_id=${products[0].id}`)).json().data;
    expect(all.length).toBeGreaterThan(one.length);
    expect(one.every((w: { product_id: number }) => w.product_id === products[0].id)).toBe(true);
  });

  it('lists the categories', async () => {
    const data = (await get('/api/miscellaneous/getCategories')).json().data;
    expect(data.map((c: { name: string }) => c.name)).toEqual([...CATEGORIES]);
  });

  it('is readable by every signed-in role and nobody else', async () => {
    for (const token of Object.values(tokens)) expect((await get('/api/miscellaneous/getProducts', token)).statusCode).toBe(200);
    for (const url of ['/api/miscellaneous/getProducts', '/api/product/1', '/api/productwordcount', '/api/miscellaneous/getCategories']) {
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
