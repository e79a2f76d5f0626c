import { centsToDollars, type ProductDetail } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { catalogRepository } from './catalog.repository.js';

type Tier = Awaited<ReturnType<typeof catalogRepository.wordCounts>>[number];

const tierDto = (t: Tier) => ({ id: t.id, product_id: t.productId, title: t.title, words: t.words, price: centsToDollars(t.priceCents) });

export async function listProducts(ctx: AppContext, _actor: UserRow) {
  const rows = await catalogRepository.listProducts(ctx.db);
  return {
    data: rows.map(({ startingPriceCents, ...p }) => ({ ...p, starting_price: centsToDollars(startingPriceCents ?? 0) })),
  };
}

/** A product with its word-count tiers and add-ons, by id or by exact name. */
export async function getProduct(ctx: AppContext, _actor: UserRow, by: { id: number } | { name: string }): Promise<{ data: ProductDetail }> {
  const { db } = ctx;
  const product = await catalogRepository.findProduct(db, by);
  if (!product) throw new AppError('request.not_found');
  const [tiers, addons] = await Promise.all([catalogRepository.wordCounts(db, [product.id]), catalogRepository.addons(db, product.id)]);
  return {
    data: {
      id: product.id,
      name: product.name,
      description: product.description,
      sample: product.sample,
      starting_price: centsToDollars(Math.min(...tiers.map((t) => t.priceCents))),
      productwordcount: tiers.map(tierDto),
      productAddon: addons.map((a) => ({ id: a.id, value: a.value, price: centsToDollars(a.priceCents) })),
    },
  };
}

export async function listWordCounts(ctx: AppContext, _actor: UserRow, productId?: number) {
  return { data: (await catalogRepository.wordCounts(ctx.db, productId ? [productId] : undefined)).map(tierDto) };
}

export async function listCategories(ctx: AppContext, _actor: UserRow) {
  return { data: await catalogRepository.listCategories(ctx.db) };
}
