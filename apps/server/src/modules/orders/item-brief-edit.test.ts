import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orderMessages } from '@copydesk/shared';
import { activityLogs, orderItems, orders } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';

/**
 * The admin's edit of an item covers its whole brief while the order is unpaid, with the order
 * form's rules (`editedItemIssues` in packages/shared/src/schemas/orders.ts): a field with a value
 * must keep one, a bad value is refused with 422 and nothing changes, and the price and the order
 * total follow a new type, word count or add-on. Once paid, only title, keywords and description.
 */
let t: TestApp;
let tok: Record<Tenant, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

const patch = (who: Tenant, itemId: number, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/content/${itemId}`, headers: bearer(tok[who]), payload: body as object });
const detail = async (orderId: number) => (await t.app.inject({ method: 'GET', url: `/api/order/getById/${orderId}`, headers: bearer(tok.admin) })).json();

/** A fresh unpaid order of agency A with two Blog Posts (500 words, $28.00 each); its first item. */
async function freshItem() {
  const orderId = await placeOrder(t.app, tok.agencyA, [orderItem({ website_link: 'https://acme.example.com' }), orderItem({ articleTitle: 'Second' })]);
  const [first] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  return { orderId, itemId: first!.id };
}
const itemRow = async (itemId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0]!;
const lastActivity = async (itemId: number) =>
  (
    await t.db
      .select({ description: activityLogs.description })
      .from(activityLogs)
      .where(eq(activityLogs.itemId, itemId))
      .orderBy(desc(activityLogs.id))
      .limit(1)
  )[0]?.description;

describe('PATCH /api/content/{id}: the whole brief of an unpaid item', () => {
  it('edits each field of the brief alone, keeping the others, and names it in the activity log', async () => {
    const { itemId } = await freshItem();
    const cases: [string, unknown, keyof Awaited<ReturnType<typeof itemRow>>, unknown, string][] = [
      ['category', 'Finance', 'category', 'Finance', 'category'],
      ['project_name', 'Rocket launch', 'projectName', 'Rocket launch', 'project'],
      ['about_company', 'We build launchers', 'aboutCompany', 'We build launchers', 'about company'],
      ['target_audience', 'Investors', 'targetAudience', 'Investors', 'audience'],
      ['writing_tone', 'Formal', 'writingTone', 'Formal', 'tone'],
      ['purpose', 'Educational', 'purpose', 'Educational', 'purpose'],
      ['publish_medium', 'LinkedIn Article', 'publishMedium', 'LinkedIn Article', 'publish medium'],
      ['which_page', 'Home page', 'whichPage', 'Home page', 'page'],
      ['website_link', 'https://rockets.example.org', 'websiteLink', 'https://rockets.example.org', 'website link'],
      ['product_page_link', 'https://rockets.example.org/r1', 'productPageLink', 'https://rockets.example.org/r1', 'product page link'],
      ['preferred_intent', 'Informational', 'preferredIntent', 'Informational', 'intent'],
      ['preferred_perspective', 'First person', 'preferredPerspective', 'First person', 'perspective'],
      ['subject_line', 'Lift-off', 'subjectLine', 'Lift-off', 'subject line'],
      ['copy_type', 'Long copy', 'copyType', 'Long copy', 'copy type'],
      ['specification', 'Mention the R1', 'specification', 'Mention the R1', 'specification'],
      ['cta_suggestions', 'Book a demo', 'ctaSuggestions', 'Book a demo', 'CTA suggestions'],
      ['use_same_title', true, 'useSameTitle', true, 'same title'],
      ['articleTitle', 'Retitled', 'articleTitle', 'Retitled', 'title'],
      ['description', 'A new brief', 'description', 'A new brief', 'description'],
      ['keyword', 'orbit;fuel', 'keywords', 'orbit;fuel', 'keywords'],
    ];
    for (const [field, value, column, stored, label] of cases) {
      const before = await itemRow(itemId);
      const res = await patch('admin', itemId, { [field]: value });
      expect([res.statusCode, res.body], field).toEqual([200, JSON.stringify({ message: messages.success })]);
      const after = await itemRow(itemId);
      expect(after[column], field).toEqual(stored);
      // Nothing else moved.
      expect({ ...after, [column]: before[column], updatedAt: before.updatedAt }, field).toEqual(before);
      expect(await lastActivity(itemId), field).toBe(`Edited by an admin: ${label}`);
    }
  });

  it('changes the type, word count and add-on with the price, and the order total follows', async () => {
    const { orderId, itemId } = await freshItem();
    const res = await patch('admin', itemId, {
      orderType: 'Product Description',
      wordCount: { word: '300 Words' },
      addOns: { addOn: 'Bullet-Point Feature List' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(orderId);
    expect(after.content[0]).toMatchObject({ order_type: 'Product Description', word_count: '300 Words', addOn: 'Bullet-Point Feature List', cost: 25 });
    expect(after.total).toBe(25 + 28);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalCents).toBe(5300);
    expect(await lastActivity(itemId)).toBe('Edited by an admin: type, word count, add-on');

    // A word count the new type does not sell is refused, as in the order form.
    const wrongTier = await patch('admin', itemId, { orderType: 'Press Release' });
    expect([wrongTier.statusCode, wrongTier.json().code]).toEqual([422, 'order.word_count_invalid']);
  });

  it('refuses bad values with 422 and changes nothing', async () => {
    const { orderId, itemId } = await freshItem();
    const before = await itemRow(itemId);
    const long = 'x'.repeat(251);
    const cases: [unknown, string, string][] = [
      [{ orderType: 'Poem' }, 'order.order_type_invalid', 'content.0.orderType'],
      [{ wordCount: { word: '9 Words' } }, 'order.word_count_invalid', 'content.0.wordCount'],
      [{ addOns: { addOn: 'Gold leaf' } }, 'order.addon_invalid', 'content.0.addOns'],
      [{ category: 'Astrology' }, 'order.category_invalid', 'content.0.category'],
      [{ project_name: '' }, 'validation.failed', 'project_name'],
      [{ target_audience: '   ' }, 'validation.failed', 'target_audience'],
      [{ publish_medium: null }, 'validation.failed', 'publish_medium'],
      [{ articleTitle: long }, 'validation.failed', 'articleTitle'],
      [{ purpose: long }, 'validation.failed', 'purpose'],
      [{ website_link: 'not a link' }, 'validation.failed', 'website_link'],
      [{ product_page_link: 'ftp://files.example.com' }, 'validation.failed', 'product_page_link'],
      [{ keyword: 'a;b;c;d' }, 'validation.failed', 'keyword'],
      [{ orderType: 123 }, 'validation.failed', 'orderType'],
      [{ use_same_title: 'yes' }, 'validation.failed', 'use_same_title'],
    ];
    for (const [body, code, field] of cases) {
      const res = await patch('admin', itemId, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([422, code]);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
      expect(await itemRow(itemId)).toEqual(before);
    }
    expect((await detail(orderId)).total).toBe(56);
  });

  it('requires only the fields that have a value: an imported item missing one is still editable', async () => {
    const { itemId } = await freshItem();
    await t.db.update(orderItems).set({ targetAudience: null, publishMedium: null }).where(eq(orderItems.id, itemId));
    const res = await patch('admin', itemId, { articleTitle: 'Fixed title' });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = await patch('admin', itemId, { about_company: '' });
    expect([cleared.statusCode, Object.keys(cleared.json().errors)]).toEqual([422, ['about_company']]);
  });

  it('keeps a paid item’s type, word count, add-on and brief, and still edits its title, keywords and description', async () => {
    const { orderId, itemId } = await freshItem();
    await t.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, orderId));
    const brief = await patch('admin', itemId, { target_audience: 'Someone else' });
    expect([brief.statusCode, brief.json().message]).toEqual([409, orderMessages.paidBriefLocked]);
    const price = await patch('admin', itemId, { wordCount: { word: '800 Words' } });
    expect([price.statusCode, price.json().message]).toEqual([409, orderMessages.paidPriceLocked]);
    const words = await patch('admin', itemId, { articleTitle: 'Paid retitle', keyword: 'a', description: 'd' });
    expect(words.statusCode, words.body).toBe(200);
    expect((await itemRow(itemId)).articleTitle).toBe('Paid retitle');
  });

  it('stays the admin’s', async () => {
    const { itemId } = await freshItem();
    expect((await patch('agencyA', itemId, { articleTitle: 'Mine' })).statusCode).toBe(403);
    expect((await patch('associateA', itemId, { articleTitle: 'Mine' })).statusCode).toBe(403);
  });
});
