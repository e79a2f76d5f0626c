import type { z } from 'zod';
import {
  centsToDollars,
  contentMessages,
  errorMessageOf,
  formatMoney,
  messages,
  orderBreakdown,
  orderMessages,
  orderTotalCents,
  splitKeywords,
  type ContentItem,
  type createOrderSchema,
  type ErrorCode,
  type OrderItemInput,
  type orderListQuerySchema,
  type OrderRow,
  type PricedItem,
  type updateContentSchema,
} from '@copydesk/shared';
import type { OrderItemRow, UserRow } from '../../db/schema/index.js';
import { agencyIdOf, assertVerified, can, scopes } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { keysetPageMeta, offsetOf } from '../../lib/pagination.js';
import { bookRefund } from '../billing/booking.js';
import { loadPriceBook, type PriceBook } from '../catalog/catalog.repository.js';
import { activityRepository } from './activity.repository.js';
import { queueAwaitingPaymentEmail } from './awaiting-payment.js';
import { moveItems } from './item-lifecycle.js';
import { ordersRepository, type NewOrderItem, type OrderListRow } from './orders.repository.js';

/** Orders and their items: creation with server-side pricing, lists, detail, admin edits. */

type Actor = Pick<UserRow, 'id' | 'role' | 'agencyId' | 'emailVerifiedAt'>;
type CreateOrder = z.output<typeof createOrderSchema>;
type ListQuery = z.output<typeof orderListQuerySchema>;
type UpdateContent = z.output<typeof updateContentSchema>;

const NO_ADDON = 'No Add-On';
const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** Keywords are stored `a;b;c`, without the characters the form strips. */
const normaliseKeywords = (v: string | null | undefined) => {
  const list = splitKeywords(v?.replace(/=/g, '')).slice(0, 3);
  return list.length ? list.join(';') : null;
};

/** What can be wrong with an item's choices from the catalogue. */
type ItemProblem = Extract<ErrorCode, 'order.order_type_invalid' | 'order.word_count_invalid' | 'order.addon_invalid' | 'order.category_invalid'>;

/**
 * Prices every item from the catalogue (tier + add-on); client prices and totals are ignored.
 * Unknown types, tiers, add-ons or categories answer 422 with every problem keyed by path.
 */
export function priceItems(book: PriceBook, items: OrderItemInput[], pathPrefix = 'articlesData'): { rows: NewOrderItem[]; priced: PricedItem[] } {
  const errors: Record<string, string[]> = {};
  // The answer's code is that of the first problem found.
  let firstCode: ItemProblem | null = null;
  const fail = (i: number, field: string, code: ItemProblem) => {
    firstCode ??= code;
    errors[`${pathPrefix}.${i}.${field}`] = [errorMessageOf(code)];
  };
  const rows: NewOrderItem[] = [];
  const priced: PricedItem[] = [];
  items.forEach((item, i) => {
    const product = book.products.get(item.orderType ?? '');
    if (!product) return fail(i, 'orderType', 'order.order_type_invalid');
    const tier = book.tiers.get(product.id)?.get(item.wordCount?.word ?? '');
    if (!tier) return fail(i, 'wordCount', 'order.word_count_invalid');
    const addonName = clean(item.addOns?.addOn);
    const addon = addonName && addonName !== NO_ADDON ? book.addons.get(product.id)?.get(addonName) : null;
    if (addonName && addonName !== NO_ADDON && !addon) return fail(i, 'addOns', 'order.addon_invalid');
    const category = clean(item.category);
    if (category && !book.categories.has(category)) return fail(i, 'category', 'order.category_invalid');
    const addonCents = addon?.priceCents ?? 0;
    priced.push({ orderType: product.name, wordTitle: tier.title, wordCents: tier.priceCents, addon: addon?.value ?? null, addonCents });
    rows.push({
      productId: product.id,
      orderType: product.name,
      wordCountTitle: tier.title,
      requestedWords: tier.words,
      wordPriceCents: tier.priceCents,
      addon: addon?.value ?? null,
      addonPriceCents: addonCents,
      costCents: tier.priceCents + addonCents,
      status: 'Unpaid',
      category,
      articleTitle: clean(item.articleTitle),
      description: clean(item.description),
      keywords: normaliseKeywords(item.keyword),
      projectName: clean(item.project_name),
      aboutCompany: clean(item.about_company),
      targetAudience: clean(item.target_audience),
      writingTone: clean(item.writing_tone),
      purpose: clean(item.purpose),
      publishMedium: clean(item.publish_medium),
      whichPage: clean(item.which_page),
      websiteLink: clean(item.website_link),
      productPageLink: clean(item.product_page_link),
      preferredIntent: clean(item.preferred_intent),
      preferredPerspective: clean(item.preferred_perspective),
      subjectLine: clean(item.subject_line),
      copyType: clean(item.copy_type),
      specification: clean(item.specification),
      ctaSuggestions: clean(item.cta_suggestions),
      useSameTitle: item.use_same_title === true || item.use_same_title === 1,
    });
  });
  if (firstCode) throw new AppError(firstCode, Object.values(errors)[0]![0]!, errors);
  return { rows, priced };
}

/** Saves a new unpaid order for an agency or associate, or replaces the items of its own unpaid order. */
export async function createOrder(ctx: AppContext, user: Actor & Pick<UserRow, 'name'>, input: CreateOrder) {
  const { db } = ctx;
  const agencyId = agencyIdOf(user);
  if (agencyId === null) throw new AppError('auth.forbidden');
  const book = await loadPriceBook(db);
  const { rows, priced } = priceItems(book, input.articlesData);
  const totalCents = orderTotalCents(priced);
  const scope = scopes.orders(user);

  const id = await db.transaction(async (tx) => {
    if (!input.updateId) {
      const orderId = await ordersRepository.insertOrder(tx, { userId: user.id, agencyId, totalCents, itemCount: rows.length });
      await ordersRepository.insertItems(tx, orderId, rows);
      await queueAwaitingPaymentEmail(tx, { orderedBy: user, orderId, totalCents, itemCount: rows.length, publicUrl: ctx.config.publicUrl });
      return orderId;
    }
    const order = await ordersRepository.lockOrder(tx, input.updateId, scope);
    if (!order) throw new AppError('request.not_found');
    if (order.paidAt) throw new AppError('order.paid_locked');
    await ordersRepository.deleteItemsOfOrder(tx, order.id);
    await ordersRepository.insertItems(tx, order.id, rows);
    await ordersRepository.updateOrder(tx, order.id, { totalCents, itemCount: rows.length });
    return order.id;
  });
  return { message: input.updateId ? orderMessages.orderUpdated : orderMessages.orderSaved, order: { id } };
}

export function orderRowDto(row: OrderListRow): OrderRow {
  return {
    id: row.id,
    order_date: row.createdAt.toISOString().slice(0, 10),
    no_of_content: row.itemCount,
    order_by: row.orderBy,
    user_id: row.userId,
    total: centsToDollars(row.totalCents),
    status: row.status,
    unpaid: row.paidAt === null,
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
  };
}

export function contentDto(item: OrderItemRow): ContentItem {
  return {
    id: item.id,
    content_id: item.id,
    order_id: item.orderId,
    title: item.articleTitle,
    article_title: item.articleTitle,
    project_name: item.projectName,
    order_type: item.orderType,
    content_type: item.orderType,
    word_count: item.wordCountTitle,
    requested_word_count: item.requestedWords,
    status: item.status,
    cost: centsToDollars(item.costCents),
    itemWordPrice: centsToDollars(item.wordPriceCents),
    addOn: item.addon,
    addOnPrice: centsToDollars(item.addonPriceCents),
    category: item.category,
    description: item.description,
    keywords: item.keywords,
    about_company: item.aboutCompany,
    target_audience: item.targetAudience,
    writing_tone: item.writingTone,
    purpose: item.purpose,
    publish_medium: item.publishMedium,
    which_page: item.whichPage,
    website_link: item.websiteLink,
    product_page_link: item.productPageLink,
    preferred_intent: item.preferredIntent,
    preferred_perspective: item.preferredPerspective,
    subject_line: item.subjectLine,
    copy_type: item.copyType,
    specification: item.specification,
    cta_suggestions: item.ctaSuggestions,
    use_same_title: item.useSameTitle ? 1 : 0,
    linkagent_id: item.linkagentId,
    date: item.createdAt.toISOString(),
  };
}

export async function listOrders(ctx: AppContext, user: Actor, query: ListQuery) {
  const { db } = ctx;
  // The user filter is for admins and agencies; an associate only ever sees its own orders.
  const filters = { ...query, user: can(user, 'orders.filterByUser') ? query.user : undefined };
  const { rows, total, last } = await ordersRepository.list(db, scopes.orders(user), filters, {
    limit: query.limit,
    offset: offsetOf(query),
    after: query.after,
    sortColumn: query.sort_column,
    sortOrder: query.sort_order,
  });
  return { data: rows.map(orderRowDto), meta: keysetPageMeta(query, total, rows.length, last) };
}

export async function countOrders(ctx: AppContext, user: Actor, status: 'all' | 'approved' | 'unpaid' | 'null') {
  const { db } = ctx;
  return { count: await ordersRepository.countByStatus(db, scopes.orders(user), status) };
}

export async function getOrder(ctx: AppContext, user: Actor, id: number) {
  const { db } = ctx;
  assertVerified(user);
  const order = await ordersRepository.findVisible(db, scopes.orders(user), id);
  if (!order) throw new AppError('request.not_found');
  const items = await ordersRepository.items(db, [id]);
  const priced = items.map((i) => ({
    orderType: i.orderType,
    wordTitle: i.wordCountTitle,
    wordCents: i.wordPriceCents,
    addon: i.addon,
    addonCents: i.addonPriceCents,
  }));
  return {
    order: orderRowDto(order),
    content: items.map(contentDto),
    total: centsToDollars(order.totalCents),
    orderBreakDown: orderBreakdown(priced),
    message: orderMessages.orderFetched,
  };
}

/**
 * Admin: removes an order. A paid one is refunded to the agency wallet in the same transaction
 * (docs/decisions/0007-refunds.md); an order with an approved item stays.
 */
export async function deleteOrder(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx;
  const refunded = await db.transaction(async (tx) => {
    const order = await ordersRepository.lockOrder(tx, id);
    if (!order) throw new AppError('request.not_found');
    let amountCents = 0;
    if (order.paidAt) {
      const items = await ordersRepository.lockItems(tx, id);
      if (items.some((i) => i.status === 'Approved')) throw new AppError('order.has_approved_items');
      const refund = await bookRefund(tx, { orderId: id, itemId: null, actorId: actor.id });
      amountCents = refund.amountCents;
      const itemIds = items.map((i) => i.id);
      await moveItems(tx, { itemIds, to: 'Deleted', by: 'admin', userId: actor.id, description: `Order deleted by an admin${refund.note}` });
    }
    await ordersRepository.softDeleteOrder(tx, id);
    return amountCents;
  });
  return { message: refunded > 0 ? contentMessages.refunded(formatMoney(refunded)) : messages.success };
}

/** What the activity log calls each field an admin can edit. */
const EDIT_LABELS = { wordCountTitle: 'word count', addon: 'add-on', keywords: 'keywords', articleTitle: 'title', description: 'description' } as const;

/** Admin: edits an item that is not Approved; the price follows the catalogue. The activity log names what changed. */
export async function updateContent(ctx: AppContext, actor: Actor, { id, changes: input }: { id: number; changes: UpdateContent }) {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const found = await ordersRepository.findItemVisible(tx, { kind: 'all' }, id);
    if (!found) throw new AppError('request.not_found');
    const { item, order } = found;
    if (item.status === 'Approved') throw new AppError('order.item_approved_locked');
    const book = await loadPriceBook(db, tx);
    const { rows } = priceItems(book, [{ orderType: item.orderType, wordCount: input.wordCount, addOns: input.addOns, category: item.category }], 'content');
    const repriced = rows[0]!;
    const priceChanges = repriced.wordCountTitle !== item.wordCountTitle || repriced.addon !== item.addon;
    if (order.paidAt && priceChanges) throw new AppError('order.paid_price_locked');
    const changes = {
      wordCountTitle: repriced.wordCountTitle,
      requestedWords: repriced.requestedWords,
      wordPriceCents: repriced.wordPriceCents,
      addon: repriced.addon,
      addonPriceCents: repriced.addonPriceCents,
      costCents: repriced.costCents,
      keywords: normaliseKeywords(input.keyword),
      articleTitle: clean(input.articleTitle),
      description: clean(input.description),
    };
    await ordersRepository.updateItem(tx, id, changes);
    await ordersRepository.refreshTotals(tx, order.id);
    const edited = (Object.keys(EDIT_LABELS) as (keyof typeof EDIT_LABELS)[]).filter((key) => changes[key] !== item[key]).map((key) => EDIT_LABELS[key]);
    if (edited.length) await activityRepository.log(tx, { itemId: id, userId: actor.id, description: `Edited by an admin: ${edited.join(', ')}` });
    return { message: messages.success };
  });
}

/** Admin: removes one item (never the last one); a paid item's share goes back to the wallet. */
export async function deleteContent(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx;
  const refunded = await db.transaction(async (tx) => {
    const found = await ordersRepository.findItemVisible(tx, { kind: 'all' }, id);
    if (!found) throw new AppError('request.not_found');
    const order = await ordersRepository.lockOrder(tx, found.order.id);
    const items = await ordersRepository.lockItems(tx, found.order.id);
    const item = items.find((i) => i.id === id);
    if (!order || !item) throw new AppError('request.not_found');
    if (item.status === 'Approved') throw new AppError('order.item_approved_undeletable');
    if (items.length <= 1) throw new AppError('order.last_item');
    const refund = order.paidAt ? await bookRefund(tx, { orderId: order.id, itemId: id, actorId: actor.id }) : null;
    await moveItems(tx, { itemIds: [id], to: 'Deleted', by: 'admin', userId: actor.id, description: `Deleted by an admin${refund?.note ?? ''}` });
    await ordersRepository.refreshTotals(tx, order.id);
    return refund?.amountCents ?? 0;
  });
  return { message: refunded > 0 ? contentMessages.refunded(formatMoney(refunded)) : messages.success };
}

/** The caller's past projects, to prefill the order form. */
export async function listProjects(ctx: AppContext, user: Actor) {
  const { db } = ctx;
  const rows = await ordersRepository.projects(db, scopes.orders(user));
  return {
    data: rows.map((r) => ({
      project_name: r.projectName!,
      about_company: r.aboutCompany,
      target_audience: r.targetAudience,
      categories: (r.categories ?? []).map((name) => ({ name })),
    })),
  };
}
