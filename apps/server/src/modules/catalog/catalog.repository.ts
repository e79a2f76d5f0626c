import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { catalogVersion, categories, productAddons, products, productWordCounts } from '../../db/schema/index.js';

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
    return db.select().from(productAddons).where(eq(productAddons.productId, productId)).orderBy(asc(productAddons.sortOrder), asc(productAddons.id));
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

/** The price books of each database (one per process, or per test file), with the catalogue version read. */
const priceBooks = new WeakMap<Database, { version: number; book: Promise<PriceBook> }>();

/**
 * Everything needed to price items of any active product, kept in process: a call reads the
 * catalogue's version (one row, moved by triggers on every catalogue write, migration 0014) and
 * the four catalogue queries run again only when it moved. `executor` is the transaction a caller
 * is in, if any; the book is kept per `db`.
 */
export async function loadPriceBook(db: Database, executor: DbOrTx = db): Promise<PriceBook> {
  const [row] = await executor.select({ version: catalogVersion.version }).from(catalogVersion);
  const version = row?.version ?? -1;
  const cached = priceBooks.get(db);
  if (cached && cached.version === version) return cached.book;
  const book = readPriceBook(executor);
  priceBooks.set(db, { version, book });
  book.catch(() => {
    if (priceBooks.get(db)?.book === book) priceBooks.delete(db);
  });
  return book;
}

async function readPriceBook(db: DbOrTx): Promise<PriceBook> {
  const [found, tiers, addons, cats] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).where(eq(products.active, true)),
    db.select().from(productWordCounts),
    db.select().from(productAddons),
    db.select({ name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
  ]);
  const ids = found.map((p) => p.id);
  const book: PriceBook = {
    products: new Map(found.map((p) => [p.name, p])),
    tiers: new Map(ids.map((id) => [id, new Map()])),
    addons: new Map(ids.map((id) => [id, new Map()])),
    categories: new Set(cats.map((c) => c.name)),
  };
  for (const t of tiers) book.tiers.get(t.productId)?.set(t.title, t);
  for (const a of addons) book.addons.get(a.productId)?.set(a.value, a);
  return book;
}
