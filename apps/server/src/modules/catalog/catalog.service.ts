import { centsToDollars, type ProductDetail } from '@copydesk/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { catalogRepository } from './catalog.repository.js';

type Tier = Awaited<ReturnType<typeof catalogRepository.wordCounts>>[number];

const tierDto = (t: Tier) => ({ id: t.id, product_id: t.productId, title: t.title, words: t.words, price: centsToDollars(t.priceCents) });

export async function listProducts(db: Database) {
  const rows = await catalogRepository.listProducts(db);
  return {
    data: rows.map(({ startingPriceCents, ...p }) => ({ ...p, starting_price: centsToDollars(startingPriceCents ?? 0) })),
  };
}

/** A product with its word-count tiers and add-ons, by id or by exact name. */
export async function getProduct(db: Database, by: { id: number } | { name: string }): Promise<{ data: ProductDetail }> {
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

export async function listWordCounts(db: Database, productId?: number) {
  return { data: (await catalogRepository.wordCounts(db, productId ? [productId] : undefined)).map(tierDto) };
}

export async function listCategories(db: Database) {
  return { data: await catalogRepository.listCategories(db) };
}
