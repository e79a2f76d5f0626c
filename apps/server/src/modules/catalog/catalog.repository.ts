import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, productAddons, products, productWordCounts } from '../../db/schema/index.js';

export const catalogRepository = {
  /** Active products with their cheapest tier, in catalogue order. */
  async listProducts(db: DbOrTx) {
    return db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        sample: products.sample,
        startingPriceCents: min(productWordCounts.priceCents),
      })
      .from(products)
      .leftJoin(productWordCounts, eq(productWordCounts.productId, products.id))
      .where(eq(products.active, true))
      .groupBy(products.id)
      .orderBy(asc(products.sortOrder), asc(products.id));
  },

  async findProduct(db: DbOrTx, by: { id: number } | { name: string }) {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.active, true), 'id' in by ? eq(products.id, by.id) : eq(products.name, by.name)))
      .limit(1);
    return row ?? null;
  },

  async wordCounts(db: DbOrTx, productIds?: number[]) {
    return db
      .select()
      .from(productWordCounts)
      .where(productIds ? inArray(productWordCounts.productId, productIds) : undefined)
      .orderBy(asc(productWordCounts.productId), asc(productWordCounts.sortOrder), asc(productWordCounts.id));
  },

  async addons(db: DbOrTx, productId: number) {
    return db
      .select()
      .from(productAddons)
      .where(eq(productAddons.productId, productId))
      .orderBy(asc(productAddons.sortOrder), asc(productAddons.id));
  },

  async listCategories(db: DbOrTx) {
    return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  },
};

export interface PriceBook {
  products: Map<string, { id: number; name: string }>;
  tiers: Map<number, Map<string, { title: string; words: number; priceCents: number }>>;
  addons: Map<number, Map<string, { value: string; priceCents: number }>>;
  categories: Set<string>;
}

/** Everything needed to price items of the given product names, in four queries. */
export async function loadPriceBook(db: DbOrTx, productNames: string[]): Promise<PriceBook> {
  const names = [...new Set(productNames)];
  const found = names.length
    ? await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(eq(products.active, true), inArray(products.name, names)))
    : [];
  const ids = found.map((p) => p.id);
  const [tiers, addons, cats] = await Promise.all([
    ids.length ? db.select().from(productWordCounts).where(inArray(productWordCounts.productId, ids)) : [],
    ids.length ? db.select().from(productAddons).where(inArray(productAddons.productId, ids)) : [],
    db.select({ name: categories.name }).from(categories),
  ]);
  const book: PriceBook = {
    products: new Map(found.map((p) => [p.name, p])),
    tiers: new Map(ids.map((id) => [id, new Map()])),
    addons: new Map(ids.map((id) => [id, new Map()])),
    categories: new Set(cats.map((c) => c.name)),
  };
  for (const t of tiers) book.tiers.get(t.productId)!.set(t.title, t);
  for (const a of addons) book.addons.get(a.productId)!.set(a.value, a);
  return book;
}
