import type { z } from 'zod';
import {
  centsToDollars,
  contentMessages,
  editedItemIssues,
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
import type { DbOrTx, Transaction } from '../../db/client.js';
import { agencyIdOf, assertVerified, can, scopes, type DeletionScope, type OrderScope } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { keysetPageMeta, offsetOf } from '../../lib/pagination.js';
import { bookRefund } from '../billing/booking.js';
import { paymentAttemptsRepository } from '../billing/payment-attempts.repository.js';
import { loadPriceBook, type PriceBook } from '../catalog/catalog.repository.js';
import { activityRepository } from './activity.repository.js';
import { queueAwaitingPaymentEmail } from './awaiting-payment.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { moveItems } from './item-lifecycle.js';
import { ordersRepository, type NewOrderItem, type OrderListRow } from './orders.repository.js';

/** Orders and their items: creation with server-side pricing, lists, detail, edits and deletions. */

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

/** The brief's fields an item has, under the API's names: for the item's answer and the order form alike. */
const briefFieldsOf = (item: OrderItemRow) => ({
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
});

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
      await recordWebhookEvent(tx, { type: 'order.created', ownerId: agencyId, orderId, data: () => orderSnapshot(tx, orderId) });
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
    ...briefFieldsOf(item),
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
  assertVerified(user);
  const order = await orderSnapshot(ctx.db, id, scopes.orders(user));
  if (!order) throw new AppError('request.not_found');
  return { ...order, message: orderMessages.orderFetched };
}

/**
 * An order as getOrder answers it (without the message), or null when the scope does not reach it.
 * Also the `data` of the order's webhook events (docs/decisions/0044-webhooks.md), read in the
 * transaction that writes the event.
 */
export async function orderSnapshot(db: DbOrTx, id: number, scope: OrderScope = { kind: 'all' }) {
  const order = await ordersRepository.findVisible(db, scope, id);
  if (!order) return null;
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
  };
}

/** An item as the order's answer lists it (`content`): the `data` of its webhook events. */
export async function itemSnapshot(db: DbOrTx, itemId: number) {
  const found = await ordersRepository.findItemVisible(db, { kind: 'all' }, itemId);
  return found ? contentDto(found.item) : null;
}

/** Who deleted, in the activity entry of each item a deletion removes. */
const deleterOf = (actor: Actor) => (can(actor, 'orders.manage') ? 'an admin' : actor.role === 'agency' ? 'the agency' : 'an associate');

/**
 * Deletes one order the caller reaches (`scopes.deletions` in lib/access.ts; docs/decisions/0034-customers-delete-unpaid-orders.md).
 * Admins delete any: a paid one is refunded to the agency wallet in the same transaction
 * (docs/decisions/0007-refunds.md), and one with an approved item stays. Customers delete unpaid
 * ones only; each item's deletion is an activity entry. The order's row lock is the one every
 * payment takes first (book_order_payment, order_payment_terms), so a payment and a deletion of the
 * same order run one after the other: a deleted order is no longer found by the payment, a paid one
 * is no longer unpaid here, and a card payment already under way makes the deletion wait for it.
 */
async function deleteLockedOrder(tx: Transaction, actor: Actor, id: number, reach: DeletionScope) {
  const order = await ordersRepository.lockOrder(tx, id, reach.orders);
  if (!order) throw new AppError('request.not_found');
  const items = await ordersRepository.lockItems(tx, id);
  let amountCents = 0;
  if (order.paidAt) {
    // An admin deleting several at once (paid orders are refunded one at a time) or a customer.
    if (!reach.paid) throw new AppError(can(actor, 'orders.manage') ? 'order.paid_locked' : 'order.paid_delete_admin_only');
    if (items.some((i) => i.status === 'Approved')) throw new AppError('order.has_approved_items');
    const refund = await bookRefund(tx, { orderId: id, itemId: null, actorId: actor.id });
    amountCents = refund.amountCents;
    await moveItems(tx, {
      itemIds: items.map((i) => i.id),
      to: 'Deleted',
      by: 'admin',
      userId: actor.id,
      description: `Order deleted by an admin${refund.note}`,
    });
  } else {
    // A card payment reserved before this lock would be charged for an order that is gone.
    if (await paymentAttemptsRepository.inFlightForOrder(tx, id)) throw new AppError('order.payment_in_flight');
    if (!reach.paid) {
      const description = `Order deleted by ${deleterOf(actor)} before payment`;
      await moveItems(tx, { itemIds: items.map((i) => i.id), to: 'Deleted', by: 'orderer', userId: actor.id, description });
    }
  }
  await ordersRepository.softDeleteOrder(tx, id);
  return amountCents;
}

export async function deleteOrder(ctx: AppContext, actor: Actor, id: number) {
  const reach = scopes.deletions(actor);
  const refunded = await ctx.db.transaction((tx) => deleteLockedOrder(tx, actor, id, reach));
  return { message: refunded > 0 ? contentMessages.refunded(formatMoney(refunded)) : messages.success };
}

/**
 * Deletes several unpaid orders together (the orders list's selection): every one of them, or none
 * when any is refused (gone, out of reach, paid, being paid), with that order's refusal. Paid orders
 * are never deleted this way, even by an admin: their refunds go one order at a time. The orders
 * are locked in id order, as any other deletion of several would take them.
 */
export async function deleteOrders(ctx: AppContext, actor: Actor, ids: number[]) {
  const reach = { ...scopes.deletions(actor), paid: false };
  const sorted = [...ids].sort((a, b) => a - b);
  await ctx.db.transaction(async (tx) => {
    for (const id of sorted) await deleteLockedOrder(tx, actor, id, reach);
  });
  return { message: orderMessages.ordersDeleted(sorted.length), deleted: sorted };
}

/** The order form's fields an admin edits, with what the activity log calls each. */
const EDIT_LABELS = {
  orderType: 'type',
  wordCountTitle: 'word count',
  addon: 'add-on',
  keywords: 'keywords',
  articleTitle: 'title',
  description: 'description',
  category: 'category',
  projectName: 'project',
  aboutCompany: 'about company',
  targetAudience: 'audience',
  writingTone: 'tone',
  purpose: 'purpose',
  publishMedium: 'publish medium',
  whichPage: 'page',
  websiteLink: 'website link',
  productPageLink: 'product page link',
  preferredIntent: 'intent',
  preferredPerspective: 'perspective',
  subjectLine: 'subject line',
  copyType: 'copy type',
  specification: 'specification',
  ctaSuggestions: 'CTA suggestions',
  useSameTitle: 'same title',
} as const satisfies Partial<Record<keyof OrderItemRow, string>>;
type EditedColumn = keyof typeof EDIT_LABELS;

/** What a paid item's brief may still change: its wording, not what was bought. */
const PAID_EDITABLE: readonly EditedColumn[] = ['articleTitle', 'description', 'keywords'];
const PRICE_COLUMNS: readonly EditedColumn[] = ['orderType', 'wordCountTitle', 'addon'];

/** An item as the order form holds it, to run the form's rules on it as edited. */
function formItemOf(item: OrderItemRow): OrderItemInput {
  return {
    orderType: item.orderType,
    wordCount: { word: item.wordCountTitle },
    addOns: { addOn: item.addon ?? NO_ADDON },
    category: item.category,
    articleTitle: item.articleTitle,
    description: item.description,
    keyword: item.keywords,
    project_name: item.projectName,
    ...briefFieldsOf(item),
    use_same_title: item.useSameTitle,
  };
}

/**
 * Admin: edits an item that is not Approved, with the order form's rules (`editedItemIssues`): while
 * its order is unpaid, the whole brief (type, word count, add-on, category and every other field),
 * the price following the catalogue and the order total with it; once paid, only its title,
 * keywords and description. The activity log names what changed.
 */
export async function updateContent(ctx: AppContext, actor: Actor, { id, changes: input }: { id: number; changes: UpdateContent }) {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const found = await ordersRepository.findItemVisible(tx, { kind: 'all' }, id);
    if (!found) throw new AppError('request.not_found');
    // The order's lock first, as a payment takes it: an item is never repriced under a payment.
    const order = await ordersRepository.lockOrder(tx, found.order.id);
    const item = (await ordersRepository.lockItems(tx, found.order.id)).find((i) => i.id === id);
    if (!order || !item) throw new AppError('request.not_found');
    if (item.status === 'Approved') throw new AppError('order.item_approved_locked');
    const before = formItemOf(item);
    const issues = editedItemIssues(before, input);
    if (issues.length) {
      const errors: Record<string, string[]> = {};
      for (const issue of issues) (errors[issue.field] ??= []).push(issue.message);
      throw new AppError('validation.failed', issues[0]!.message, errors);
    }
    const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const book = await loadPriceBook(db, tx);
    const { rows } = priceItems(book, [{ ...before, ...sent } as OrderItemInput], 'content');
    const { status: _status, productId, ...edited } = rows[0]!;
    const changed = (Object.keys(EDIT_LABELS) as EditedColumn[]).filter((key) => edited[key] !== item[key]);
    if (order.paidAt) {
      if (changed.some((key) => PRICE_COLUMNS.includes(key))) throw new AppError('order.paid_price_locked');
      if (changed.some((key) => !PAID_EDITABLE.includes(key))) throw new AppError('order.paid_brief_locked');
    }
    await ordersRepository.updateItem(tx, id, { ...edited, productId });
    await ordersRepository.refreshTotals(tx, order.id);
    if (changed.length)
      await activityRepository.log(tx, {
        itemId: id,
        userId: actor.id,
        description: `Edited by an admin: ${changed.map((key) => EDIT_LABELS[key]).join(', ')}`,
      });
    return { message: messages.success };
  });
}

/**
 * Deletes one item (never the last of its order) the caller reaches (`scopes.deletions`): admins
 * any but an approved one, a paid one's share going back to the wallet; customers an item of an
 * unpaid order they reach. Under the order's lock, as every payment takes it.
 */
export async function deleteContent(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx;
  const reach = scopes.deletions(actor);
  const refunded = await db.transaction(async (tx) => {
    const found = await ordersRepository.findItemVisible(tx, reach.orders, id);
    if (!found) throw new AppError('request.not_found');
    const order = await ordersRepository.lockOrder(tx, found.order.id, reach.orders);
    const items = await ordersRepository.lockItems(tx, found.order.id);
    const item = items.find((i) => i.id === id);
    if (!order || !item) throw new AppError('request.not_found');
    if (order.paidAt && !reach.paid) throw new AppError('order.paid_delete_admin_only');
    if (item.status === 'Approved') throw new AppError('order.item_approved_undeletable');
    if (items.length <= 1) throw new AppError('order.last_item');
    if (!order.paidAt && (await paymentAttemptsRepository.inFlightForOrder(tx, order.id))) throw new AppError('order.payment_in_flight');
    const refund = order.paidAt ? await bookRefund(tx, { orderId: order.id, itemId: id, actorId: actor.id }) : null;
    const description = reach.paid ? `Deleted by an admin${refund?.note ?? ''}` : `Deleted by ${deleterOf(actor)} before payment`;
    await moveItems(tx, { itemIds: [id], to: 'Deleted', by: reach.paid ? 'admin' : 'orderer', userId: actor.id, description });
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
